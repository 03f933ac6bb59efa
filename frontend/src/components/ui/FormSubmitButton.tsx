import form from '@/styles/form.module.css';
import ui from '@/styles/ui.module.css';

interface FormSubmitButtonProps {
  /** The id of the form it submits (the button may sit outside it, e.g. in a dialog footer). */
  formId: string;
  valid: boolean;
  pending: boolean;
  label: string;
  pendingLabel: string;
  testId?: string;
}

/** A form's primary submit button: disabled until the form is valid and while sending (SPEC §5). */
export function FormSubmitButton({ formId, valid, pending, label, pendingLabel, testId }: FormSubmitButtonProps) {
  return (
    <button
      type="submit"
      form={formId}
      className={`${ui.primary} ${form.submit}`}
      disabled={!valid || pending}
      aria-busy={pending}
      data-testid={testId}
    >
      {pending ? pendingLabel : label}
    </button>
  );
}
