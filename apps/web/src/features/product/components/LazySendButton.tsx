import { useState, type ComponentType } from 'react';
import { useI18n } from '../../../i18n/context';

/** What a dialog loaded on tap is given: close, the server's confirmation, or its refusal (English, shown translated). */
export interface TappedDialogProps {
  onClose: () => void;
  onSent: (message: string) => void;
  onRefused: (message: string) => void;
}

/**
 * A button whose dialog's code arrives on the first tap, not with the page, so the product page's first screen
 * stays inside its budget (docs/decisions/0058). Once sent, the button gives way to the server's confirmation.
 */
export function LazySendButton({
  label,
  load,
}: {
  label: string;
  load: () => Promise<ComponentType<TappedDialogProps>>;
}) {
  const i18n = useI18n();
  const [Loaded, setLoaded] = useState<ComponentType<TappedDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  /** The English id of what was just said; shown in the reader's language. */
  const [said, setSaid] = useState('');
  const [sent, setSent] = useState(false);

  async function start() {
    setSaid('');
    try {
      const dialog = await load();
      setLoaded(() => dialog);
      setOpen(true);
    } catch {
      setSaid(/*i18n*/ 'We could not reach the shop. Check your connection and try again.');
    }
  }

  return (
    <div>
      {!sent && (
        <button type="button" className="btn btn-outline text-sm" onClick={() => void start()}>
          {label}
        </button>
      )}
      <p role="status" className="min-h-5 text-sm font-semibold text-teal-800">
        {said && i18n._(said)}
      </p>
      {open && Loaded && (
        <Loaded
          onClose={() => setOpen(false)}
          onSent={(message) => {
            setSent(true);
            setSaid(message);
          }}
          onRefused={setSaid}
        />
      )}
    </div>
  );
}
