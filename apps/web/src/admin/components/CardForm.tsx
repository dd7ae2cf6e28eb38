import { useId, type FormEvent, type ReactNode } from 'react';
import { buttonStyles, Card } from './ui';

interface CardFormProps {
  /** The card's heading, which also names the form. */
  title: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The button's label ('Save condition'); 'Saving…' while `submitting`. */
  submitLabel: string;
  submitting: boolean;
  /** Nothing changed: the button waits. */
  pristine: boolean;
  children: ReactNode;
}

/** A card of the detail screens saved on its own (the grade, the device): heading, fields, one Save button. */
export function CardForm({ title, onSubmit, submitLabel, submitting, pristine, children }: CardFormProps) {
  const heading = useId();
  return (
    <Card className="p-4">
      <form noValidate onSubmit={onSubmit} className="space-y-3" aria-labelledby={heading}>
        <h2 id={heading} className="text-base font-semibold text-stone-900">
          {title}
        </h2>
        {children}
        <button type="submit" className={`${buttonStyles.secondary} min-h-11`} disabled={submitting || pristine}>
          {submitting ? 'Saving…' : submitLabel}
        </button>
      </form>
    </Card>
  );
}
