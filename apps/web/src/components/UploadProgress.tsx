import { useI18n } from '../i18n/context';
import type { UploadProgressState } from './use-upload-progress';

const kb = (bytes: number) => Math.ceil(bytes / 1024);

/**
 * A form's upload as it goes: the bytes sent of the whole and Cancel; once cancelled or cut off, that
 * nothing typed or picked is lost (the form's own submit button sends it again: one button, not two).
 * Nothing while idle.
 */
export function UploadProgress({ upload }: { upload: UploadProgressState }) {
  const i18n = useI18n();
  const { phase } = upload;
  const stopped =
    phase.kind === 'cancelled'
      ? i18n._('Sending stopped. What was typed and the photos are still here.')
      : phase.kind === 'failed'
        ? i18n._('The connection dropped before everything was sent. What was typed and the photos are still here.')
        : // Nothing at all, not an empty text: the live region stays :empty, so hidden.
          null;
  return (
    // Hidden while idle, so it takes no room (its live region is filled as it shows, like the picker's).
    <div className={phase.kind === 'idle' ? 'hidden' : 'basis-full space-y-2'}>
      {phase.kind === 'sending' && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-stone-300 bg-white p-3">
          <p className="basis-full text-sm text-stone-800">
            {phase.total > 0
              ? i18n._('Sending: {sent} of {total} KB', { sent: kb(phase.sent), total: kb(phase.total) })
              : i18n._('Starting to send...')}
          </p>
          <progress
            className="h-2 min-w-40 flex-1 accent-teal-700"
            max={phase.total || 1}
            value={phase.sent}
            aria-label={i18n._('Sent so far')}
          />
          <button type="button" className="btn btn-outline" onClick={upload.cancel}>
            {i18n._('Cancel sending')}
          </button>
        </div>
      )}
      <p role="status" className="text-sm font-medium text-amber-900 empty:hidden">
        {stopped}
      </p>
    </div>
  );
}
