import { formatMoney, type PublicProduct } from '@marketplace/shared';
import type { I18n } from '@lingui/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { LinkIcon, ShareIcon } from '../../../components/icons';
import { isAbortError } from '../../../lib/api-client';
import { BRAND } from '../../../lib/brand';
import { useOrigin } from '../../../lib/use-origin';
import { useI18n } from '../../../i18n/context';
import { Rich } from '../../../i18n/Rich';

const never = () => () => {};
/** Long enough to read; cleared so that the next copy is announced again. */
const SAID_MS = 4000;

/** The phone's own share sheet, when it has one. The server's HTML offers the buttons that work anywhere. */
function useShareSheet(): boolean {
  return useSyncExternalStore(
    never,
    () => typeof navigator.share === 'function',
    () => false,
  );
}

/** What a shared link says besides itself: the item and its price (the link's preview adds the photo). */
function shareText(product: PublicProduct, i18n: I18n): string {
  return i18n._('{name} for {price} on {brand}', {
    name: product.name,
    price: formatMoney(product.price),
    brand: BRAND,
  });
}

/** Share: the phone's share sheet where there is one, else WhatsApp (what buyers here use) and Copy link. */
export function ShareItem({ product }: { product: PublicProduct }) {
  const i18n = useI18n();
  const url = `${useOrigin()}/product/${product.id}`;
  const text = shareText(product, i18n);
  const hasSheet = useShareSheet();
  const [sheetFailed, setSheetFailed] = useState(false);
  /** The English id of what was just said; shown in the reader's language. */
  const [said, setSaid] = useState('');

  useEffect(() => {
    if (!said) return;
    const timer = setTimeout(() => setSaid(''), SAID_MS);
    return () => clearTimeout(timer);
  }, [said]);

  async function share() {
    try {
      await navigator.share({ title: product.name, text, url });
    } catch (error) {
      // Closing the sheet is no failure; a browser refusing to share falls back to the buttons.
      if (!isAbortError(error)) setSheetFailed(true);
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setSaid(/*i18n*/ 'Link copied');
    } catch {
      // No clipboard: an old browser, or a page not served over HTTPS.
      setSaid(/*i18n*/ 'Could not copy: copy the link from the address bar.');
    }
  }

  return (
    // On a wide screen it sits under the facts column of ProductDetails (half the width less half its gap).
    <section aria-labelledby="share-heading" className="mt-6 space-y-2 md:ml-auto md:w-[calc(50%-1.25rem)]">
      <h2 id="share-heading" className="text-lg font-semibold text-stone-900">
        {i18n._('Share this item')}
      </h2>
      <div className="flex flex-wrap gap-2">
        {hasSheet && !sheetFailed ? (
          <button type="button" className="btn btn-outline" onClick={() => void share()}>
            <ShareIcon width={20} height={20} />
            {i18n._('Share')}
          </button>
        ) : (
          <>
            <a
              href={`https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`}
              target="_blank"
              rel="noopener noreferrer"
              className="btn btn-outline"
            >
              {/* Short enough for both buttons to share one row on a phone; the heading says what it is for. */}
              <Rich text={i18n._('<0>Share on </0>WhatsApp')} parts={[(t) => <span className="sr-only">{t}</span>]} />
            </a>
            <button type="button" className="btn btn-outline" onClick={() => void copy()}>
              <LinkIcon width={20} height={20} />
              {i18n._('Copy link')}
            </button>
          </>
        )}
      </div>
      <p role="status" className="min-h-5 text-sm font-semibold text-teal-800">
        {said ? i18n._(said) : null}
      </p>
    </section>
  );
}
