import type { ReactNode } from 'react';
import form from '@/styles/form.module.css';

/** An inline message box; errors are announced at once, the rest politely. */
export function Alert({ type, children }: { type: 'error' | 'success' | 'info' | 'warning'; children: ReactNode }) {
  return (
    <p className={form.alert} data-type={type} role={type === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
