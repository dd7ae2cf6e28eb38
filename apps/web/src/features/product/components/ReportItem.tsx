import { useState, type ComponentType } from 'react';
import { useI18n } from '../../../i18n/context';
import type { ReportDialogProps } from './ReportDialog';

/**
 * "Report this item": the dialog's code arrives on the first tap, not with the page, so the product page's
 * first screen stays inside its budget (docs/decisions/0058).
 */
export function ReportItem({ productId }: { productId: number }) {
  const i18n = useI18n();
  const [Loaded, setLoaded] = useState<ComponentType<ReportDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  /** The English id of what was just said; shown in the reader's language. */
  const [said, setSaid] = useState('');
  const [sent, setSent] = useState(false);

  async function start() {
    setSaid('');
    try {
      const { ReportDialog } = await import('./ReportDialog');
      setLoaded(() => ReportDialog);
      setOpen(true);
    } catch {
      setSaid(/*i18n*/ 'We could not reach the shop. Check your connection and try again.');
    }
  }

  return (
    <div className="mt-4 md:ml-auto md:w-[calc(50%-1.25rem)]">
      {!sent && (
        <button type="button" className="btn btn-outline text-sm" onClick={() => void start()}>
          {i18n._('Report this item')}
        </button>
      )}
      <p role="status" className="min-h-5 text-sm font-semibold text-teal-800">
        {said && i18n._(said)}
      </p>
      {open && Loaded && (
        <Loaded
          productId={productId}
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
