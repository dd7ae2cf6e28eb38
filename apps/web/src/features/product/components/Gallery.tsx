import { useContext, useEffect, useRef, useState, type ComponentType } from 'react';
import { ProductImage } from '../../../components/ProductImage';
import { Icon } from '../../../components/icons';
import { PhotosOnTap } from '../../../lib/data-saver';
import { CARD_IMAGE, DETAIL_IMAGE, imageUrl } from '../../../lib/images';
import { useLocation, useNavigate } from '../../../lib/router';
import { useI18n } from '../../../i18n/context';
import type { PhotoViewerProps } from './PhotoViewer';

// The viewer's code arrives on the first tap of the photo, not with the page (docs/decisions/0068).
const loadViewer = () => import('./PhotoViewer');

/** The mark on the history entry the open viewer adds, so that Back closes it. */
const VIEWING = 'photoViewer';
const stateObject = (state: unknown): Record<string, unknown> =>
  typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
const isViewing = (state: unknown) => stateObject(state)[VIEWING] === true;

/**
 * Large image; with more than one, thumbnails below choose which. A tap on the large image opens the
 * photos full screen, to zoom (docs/product.md#photo-viewer).
 */
export function Gallery({ files, name }: { files: readonly string[]; name: string }) {
  const i18n = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const [selected, setSelected] = useState(0);
  // Under data saver the thumbnails are numbers: each would be a photo download.
  const onTap = useContext(PhotosOnTap);
  const current = files[selected] ?? files[0] ?? null;
  const [Viewer, setViewer] = useState<ComponentType<PhotoViewerProps> | null>(null);
  /** The photo the viewer opened on; it shows while the history entry it added is the current one. */
  const [openedAt, setOpenedAt] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const opener = useRef<HTMLButtonElement>(null);
  const busy = useRef(false);
  const closing = useRef(false);
  const here = location.pathname + location.search + location.hash;
  const open = Viewer !== null && openedAt !== null && isViewing(location.state);

  // A page reloaded on the viewer's entry opens closed; the mark goes, so Back leaves at the first press.
  useEffect(() => {
    if (isViewing(location.state))
      navigate(here, { replace: true, state: { ...stateObject(location.state), [VIEWING]: undefined } });
    // Only as the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function openViewer() {
    if (busy.current || open) return;
    busy.current = true;
    setSaid('');
    try {
      const { PhotoViewer } = await loadViewer();
      setViewer(() => PhotoViewer);
      setOpenedAt(selected);
      closing.current = false;
      // An entry of its own: the browser's Back, and a phone's back gesture, close the viewer, not the page.
      navigate(here, { state: { ...stateObject(location.state), [VIEWING]: true } });
    } catch {
      setSaid(/*i18n*/ 'We could not reach the shop. Check your connection and try again.');
    } finally {
      busy.current = false;
    }
  }

  function close() {
    // Twice (Escape's keydown, then its cancel event) would step back past the page.
    if (closing.current) return;
    closing.current = true;
    setOpenedAt(null);
    navigate(-1);
  }

  return (
    <div>
      <div className="relative">
        <ProductImage
          file={current}
          alt={
            files.length > 1
              ? i18n._('{name}, photo {number} of {count}', { name, number: selected + 1, count: files.length })
              : name
          }
          size={DETAIL_IMAGE}
          contain
          priority
          className="aspect-[7/5] w-full rounded-lg bg-white"
        />
        {current && (
          // Over the photo, under data saver's "Tap to show photo" (z-10), which keeps its own tap.
          <button
            ref={opener}
            type="button"
            onPointerDown={() => void loadViewer().catch(() => undefined)}
            onClick={() => void openViewer()}
            aria-label={i18n._('Open photo full screen')}
            className="absolute inset-0 flex cursor-zoom-in items-end justify-end rounded-lg p-2"
          >
            <span className="flex h-9 w-9 items-center justify-center rounded-full bg-stone-900/70 text-white">
              <Icon width={20} height={20}>
                <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
              </Icon>
            </span>
          </button>
        )}
      </div>
      {said && (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {i18n._(said)}
        </p>
      )}
      {files.length > 1 && (
        <ul className="mt-3 flex gap-2" aria-label={i18n._('Photos')}>
          {files.map((file, index) => (
            <li key={file}>
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-label={i18n._('Show photo {number} of {count}', { number: index + 1, count: files.length })}
                aria-pressed={index === selected}
                className={`block overflow-hidden rounded-md border-2 ${index === selected ? 'border-teal-700' : 'border-transparent hover:border-stone-400'}`}
              >
                {onTap ? (
                  <span className="flex aspect-[4/5] w-16 items-center justify-center bg-stone-200 font-semibold text-stone-700">
                    {index + 1}
                  </span>
                ) : (
                  // The card-size image: usually already cached from the grid the buyer came from.
                  <img
                    src={imageUrl(file, CARD_IMAGE)}
                    alt=""
                    width={64}
                    height={80}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[4/5] w-16 bg-stone-200 object-cover"
                  />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {open && (
        <Viewer files={files} name={name} start={openedAt} onClose={close} onClosed={setSelected} opener={opener} />
      )}
    </div>
  );
}
