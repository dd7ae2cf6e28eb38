import type { FormEvent, ReactNode } from 'react';
import { Link } from '../../lib/router';
import { buttonStyles, Card, FormError } from './ui';

interface FormCardProps {
  /** Async handlers (react-hook-form's, around save()) show their own failures: nothing waits for them. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<unknown>;
  /** The server's refusal, shown in red above the form (docs/product.md#error-catalogue). */
  error?: string | null;
  /** Classes of the form itself: its grid or spacing. */
  layout: string;
  /** Shown above the error and the form, e.g. what cannot be edited. */
  intro?: ReactNode;
  children: ReactNode;
}

/** The card a back-office form sits in. */
export function FormCard({ onSubmit, error, layout, intro, children }: FormCardProps) {
  return (
    <Card className="max-w-2xl p-4 md:p-6">
      {intro}
      <FormError message={error} />
      <form noValidate onSubmit={(event) => void onSubmit(event)} className={layout}>
        {children}
      </form>
    </Card>
  );
}

interface FormActionsProps {
  label: string;
  /** The submit button's text while the form is sent. */
  busyLabel: string;
  submitting: boolean;
  /** Defaults to `submitting`; a form with other actions (Delete) passes its own. */
  disabled?: boolean;
  /** Where Cancel goes (the list). */
  cancelTo: string;
  className?: string;
}

/** Submit and Cancel under a form. */
export function FormActions({
  label,
  busyLabel,
  submitting,
  disabled = submitting,
  cancelTo,
  className,
}: FormActionsProps) {
  return (
    <div className={className ? `flex gap-2 ${className}` : 'flex gap-2'}>
      <button type="submit" className={buttonStyles.primary} disabled={disabled}>
        {submitting ? busyLabel : label}
      </button>
      <Link to={cancelTo} className={buttonStyles.secondary}>
        Cancel
      </Link>
    </div>
  );
}
