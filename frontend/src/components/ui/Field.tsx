import { useId, type ReactElement, type ReactNode } from 'react';
import { cloneElement } from 'react';
import { t } from '@/i18n/ja';
import form from '@/styles/form.module.css';

interface FieldProps {
  label: ReactNode;
  /** The control: an input, select or textarea; it receives id, aria-describedby, aria-invalid. */
  children: ReactElement<Record<string, unknown>>;
  hint?: ReactNode;
  /** Live hint that should be announced while typing. */
  hintLive?: boolean;
  hintOk?: boolean;
  error?: string | null;
  required?: boolean;
  optional?: boolean;
}

/** Label + control + hint + error, wired for screen readers. */
export function Field({ label, children, hint, hintLive, hintOk, error, required, optional }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const control = cloneElement(children, {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
  });
  return (
    <div className={form.field}>
      <label htmlFor={id} className={form.label}>
        {label}
        {required && <span className={form.badgeRequired}>{t('form.required')}</span>}
        {optional && <span className={form.badge}>{t('form.optional')}</span>}
      </label>
      {control}
      {hint && (
        <p id={hintId} className={hintOk ? form.hintOk : form.hint} aria-live={hintLive ? 'polite' : undefined}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={form.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
