import { Field } from '@/components/ui/Field';
import { t } from '@/i18n/ja';
import form from '@/styles/form.module.css';

export function EmailField({
  value,
  onChange,
  error,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  autoFocus?: boolean;
}) {
  return (
    <Field label={t('form.email')} required error={error}>
      <input
        className={form.input}
        type="email"
        name="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoFocus={autoFocus}
        required
      />
    </Field>
  );
}
