import { lazy, Suspense, useState } from 'react';
import type { AlertTarget } from '../../lib/alerts-api';

// Loaded on the first tap: the dialog, the phone proof and the shared schemas stay out of the first screen.
const AlertDialog = lazy(() => import('./AlertDialog'));

interface AlertButtonProps {
  target: AlertTarget;
  /** The button's words, which the dialog's title repeats (in the reader's language). */
  label: string;
  className?: string;
}

/** "Tell me ..." (docs/product.md#alerts): opens the alert dialog. */
export function AlertButton({ target, label, className = 'btn btn-outline w-full text-sm' }: AlertButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {label}
      </button>
      {open && (
        <Suspense fallback={null}>
          <AlertDialog target={target} title={label} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
