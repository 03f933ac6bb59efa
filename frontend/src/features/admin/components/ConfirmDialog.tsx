import type { FormEvent, ReactNode } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Dialog } from '@/components/ui/Dialog';
import { ta } from '@/i18n/ja-admin';
import ui from '@/styles/ui.module.css';
import styles from './console.module.css';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in a sentence or two. */
  message: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  busy: boolean;
  /** The server's refusal (a 409's Japanese message), shown inside the dialog. */
  error?: string | null;
  /** Extra fields (a reason, a checkbox) between the message and the buttons. */
  children?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Every destructive console action asks first: a modal with the consequence spelled out,
 * the confirm button (red) and キャンセル. Enter submits; Escape closes; a refusal stays
 * in the dialog so the admin reads it where they acted.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, message, confirmLabel, busyLabel, busy, error, children, onConfirm, onClose } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onConfirm();
  };
  return (
    <Dialog open={open} onClose={busy ? () => undefined : onClose} title={title}>
      <form onSubmit={submit} noValidate>
        <div className={styles.dialogText}>{message}</div>
        {children}
        {error && <Alert type="error">{error}</Alert>}
        <div className={styles.dialogActions}>
          <button type="button" className={ui.secondary} onClick={onClose} disabled={busy}>
            {ta('common.cancel')}
          </button>
          <button type="submit" className={`${ui.primary} ${styles.dangerPrimary}`} disabled={busy} aria-busy={busy}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
