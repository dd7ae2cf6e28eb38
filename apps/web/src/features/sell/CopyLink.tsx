import { useId, useRef, useState } from 'react';
import { useI18n } from '../../i18n/context';

/** The whole link in a read-only field (select it to copy by hand) and a button that copies it. */
export function CopyLink({ url, label }: { url: string; label: string }) {
  const i18n = useI18n();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState('');

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setSaid(i18n._('Link copied.'));
    } catch {
      // No clipboard (an old browser, or a page not served over HTTPS): select it for a long-press copy.
      input.current?.select();
      setSaid(i18n._('Select the link and copy it.'));
    }
  }

  return (
    <div className="text-left">
      <label htmlFor={inputId} className="mb-1 block text-sm font-semibold text-stone-800">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          id={inputId}
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="min-h-11 min-w-0 flex-1 basis-56 rounded-md border border-stone-400 bg-stone-50 px-3 py-2 font-mono text-sm text-stone-900"
        />
        <button type="button" className="btn btn-outline" onClick={() => void copy()}>
          {i18n._('Copy link')}
        </button>
      </div>
      <p role="status" className="mt-1 min-h-5 text-sm text-stone-700">
        {said}
      </p>
    </div>
  );
}
