import { useState } from 'react';
import { Field } from '@/components/ui/Field';
import { t } from '@/i18n/ja';
import { passwordHint } from '@/lib/validation';
import form from '@/styles/form.module.css';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  /** New passwords get the live "6文字以上" hint (SPEC §5). */
  withHint?: boolean;
  error?: string | null;
  name?: string;
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
      {!open && <path d="M4 20L20 4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />}
    </svg>
  );
}

export function PasswordField({ label, value, onChange, autoComplete, withHint, error, name }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  // The length rule is said once: an error (which states it) replaces the live hint.
  const hint = withHint && !error ? passwordHint(value) : null;
  return (
    <Field label={label} required hint={hint?.text} hintOk={hint?.ok} hintLive={withHint} error={error}>
      <PasswordInput
        value={value}
        onChange={onChange}
        autoComplete={autoComplete}
        name={name}
        visible={visible}
        onToggle={() => setVisible((v) => !v)}
      />
    </Field>
  );
}

interface PasswordInputProps {
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  name?: string;
  visible: boolean;
  onToggle: () => void;
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

/** Field passes id / aria-* to its child; they belong on the input inside the wrapper. */
function PasswordInput({ value, onChange, autoComplete, name, visible, onToggle, ...aria }: PasswordInputProps) {
  return (
    <div className={form.passwordWrap}>
      <input
        {...aria}
        className={form.input}
        type={visible ? 'text' : 'password'}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={autoComplete}
        autoCapitalize="none"
        spellCheck={false}
        required
      />
      <button
        type="button"
        className={form.reveal}
        onClick={onToggle}
        aria-pressed={visible}
        aria-label={t('form.showPassword')}
      >
        <EyeIcon open={!visible} />
      </button>
    </div>
  );
}
