import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { CloseIcon, Icon } from '../../../components/icons';
import { imageUrl, srcSetOf, type ImageSize } from '../../../lib/images';
import { useI18n } from '../../../i18n/context';
import { usePhotoGestures } from './use-photo-gestures';
import { TAP_SCALE } from './zoom-view';

/**
 * Whole photos by width (no crop, no padding): with `sizes` the full screen's width, the browser picks the
 * one for the screen's width and density, 1200 px at most (the largest the image endpoint makes).
 */
const VIEWER_SRCSET: readonly ImageSize[] = [{ w: 400 }, { w: 700 }, { w: 1200 }];
const VIEWER_SIZES = '100vw';
/** How far an arrow key moves a zoomed photo, in CSS pixels. */
const KEY_PAN = 60;

export interface PhotoViewerProps {
  files: readonly string[];
  name: string;
  /** The photo to open on. */
  start: number;
  /** The visitor asked to close it (the close button, Escape). */
  onClose: () => void;
  /** The viewer is gone, showing photo `index` last (the gallery shows that one on). */
  onClosed: (index: number) => void;
  /** Where the focus goes back to when nothing had it before (a tap in a browser that does not focus buttons). */
  opener: RefObject<HTMLElement | null>;
}

const CONTROL = 'flex h-11 w-11 items-center justify-center rounded-full bg-stone-900/75 text-white hover:bg-stone-900';

/**
 * The product's photos full screen (docs/product.md#photo-viewer): pinch, double tap or the zoom button to
 * zoom, a finger to pan, a swipe or the arrows for the next photo. A native modal <dialog>: the page behind
 * is inert and focus stays inside; it goes back to the opener on close. Each photo loads only here and at the
 * screen's resolution.
 */
export function PhotoViewer({ files, name, start, onClose, onClosed, opener }: PhotoViewerProps) {
  const i18n = useI18n();
  const count = files.length;
  const [index, setIndex] = useState(() => Math.min(Math.max(start, 0), count - 1));
  const [zoomed, setZoomed] = useState(false);
  /** The file whose large photo has arrived, or failed. */
  const [arrived, setArrived] = useState<{ file: string; failed: boolean } | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const photo = useRef<HTMLImageElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  /** Which way the last change went, for the next photo's slide in. */
  const came = useRef<1 | -1 | 0>(0);
  const shown = useRef(index);
  const file = files[index]!;

  const canStep = (step: 1 | -1) => index + step >= 0 && index + step < count;
  const step = (by: 1 | -1) => {
    if (!canStep(by)) return;
    came.current = by;
    setIndex(index + by);
  };
  const gestures = usePhotoGestures({
    stage,
    layer,
    photoSize: () => {
      const img = photo.current;
      return img?.naturalWidth ? { width: img.naturalWidth, height: img.naturalHeight } : null;
    },
    canStep,
    onStep: step,
    onZoomed: setZoomed,
  });

  // Opened as a modal: the page behind becomes inert, Escape asks to close. On the way out the dialog
  // closes, focus goes back, and the gallery learns which photo was on show.
  useEffect(() => {
    const el = dialog.current;
    // Read before the dialog takes the focus: the control that opened it, if it can take it back.
    const before = document.activeElement;
    const back = before instanceof HTMLElement && before !== document.body ? before : opener.current;
    if (el && !el.open) {
      // jsdom has no showModal: there the dialog is simply open.
      if (typeof el.showModal === 'function') el.showModal();
      else el.setAttribute('open', '');
    }
    closeButton.current?.focus();
    return () => {
      if (el?.open && typeof el.close === 'function') el.close();
      onClosed(shown.current);
      if (back?.isConnected) back.focus();
    };
    // Once for the viewer's life: the props it reads are those it opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new photo starts whole, sliding in from the side it came from.
  useLayoutEffect(() => {
    if (shown.current === index) return;
    shown.current = index;
    gestures.reset(came.current);
    // gestures is remade each render; its refs are what reset uses.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [index]);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Tab') return keepFocusInside(event);
    const zoomedIn = gestures.scale() > 1;
    const keys: Record<string, () => void> = {
      // jsdom has no cancel event; a browser sends keydown then cancel, and close() runs once.
      Escape: onClose,
      ArrowLeft: () => (zoomedIn ? gestures.panBy(KEY_PAN, 0) : step(-1)),
      ArrowRight: () => (zoomedIn ? gestures.panBy(-KEY_PAN, 0) : step(1)),
      ArrowUp: () => zoomedIn && gestures.panBy(0, KEY_PAN),
      ArrowDown: () => zoomedIn && gestures.panBy(0, -KEY_PAN),
      '+': () => gestures.zoomTo(gestures.scale() * 1.5),
      '=': () => gestures.zoomTo(gestures.scale() * 1.5),
      '-': () => gestures.zoomTo(gestures.scale() / 1.5),
    };
    const action = keys[event.key];
    // Arrows on a focused button are for the photo; Enter and Space stay the buttons'.
    if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    action();
  }

  /** A modal dialog keeps Tab off the page but lets it out to the browser's bar: here it goes round instead. */
  function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
    const controls = [...event.currentTarget.querySelectorAll('button')];
    const first = controls[0];
    const last = controls.at(-1);
    const wrapTo = event.shiftKey ? document.activeElement === first && last : document.activeElement === last && first;
    if (!wrapTo) return;
    event.preventDefault();
    wrapTo.focus();
  }

  const state = arrived?.file === file ? (arrived.failed ? 'failed' : 'loaded') : 'loading';
  const alt = count > 1 ? i18n._('{name}, photo {number} of {count}', { name, number: index + 1, count }) : name;

  return (
    <dialog
      ref={dialog}
      aria-label={i18n._('Photos of {name}', { name })}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      className="fixed inset-0 m-0 h-full max-h-none w-full max-w-none overflow-hidden bg-white p-0 text-stone-900 backdrop:bg-white"
    >
      <div
        ref={stage}
        data-testid="photo-stage"
        className="absolute inset-0 touch-none overflow-hidden select-none"
        {...gestures.handlers}
      >
        <div ref={layer} className="h-full w-full origin-top-left" data-testid="photo-layer">
          <img
            key={file}
            ref={photo}
            srcSet={srcSetOf(file, VIEWER_SRCSET)}
            sizes={VIEWER_SIZES}
            src={imageUrl(file, VIEWER_SRCSET[1])}
            alt={alt}
            draggable={false}
            decoding="async"
            fetchPriority="high"
            onLoad={() => setArrived({ file, failed: false })}
            onError={() => setArrived({ file, failed: true })}
            className="h-full w-full object-contain"
          />
        </div>
      </div>
      <p
        role="status"
        className="pointer-events-none absolute inset-x-4 top-1/2 text-center text-sm font-semibold text-stone-700"
      >
        {state === 'loading'
          ? i18n._('Loading photo…')
          : state === 'failed'
            ? i18n._('We could not reach the shop. Check your connection and try again.')
            : ''}
      </p>
      {count > 1 && (
        // Said when it changes, so a screen reader hears Next and a swipe land.
        <p
          aria-live="polite"
          className="absolute top-3 left-3 rounded-full bg-stone-900/75 px-3 py-2 text-sm font-semibold text-white"
        >
          {i18n._('{number} of {count}', { number: index + 1, count })}
        </p>
      )}
      <button
        ref={closeButton}
        type="button"
        onClick={onClose}
        aria-label={i18n._('Close')}
        className={`${CONTROL} absolute top-2 right-2`}
      >
        <CloseIcon />
      </button>
      {count > 1 && (
        <>
          <Control label={i18n._('Previous photo')} disabled={!canStep(-1)} onClick={() => step(-1)} side="left-2">
            <path d="m15 6-6 6 6 6" />
          </Control>
          <Control label={i18n._('Next photo')} disabled={!canStep(1)} onClick={() => step(1)} side="right-2">
            <path d="m9 6 6 6-6 6" />
          </Control>
        </>
      )}
      <button
        type="button"
        onClick={() => gestures.zoomTo(zoomed ? 1 : TAP_SCALE)}
        aria-label={zoomed ? i18n._('Zoom out') : i18n._('Zoom in')}
        className={`${CONTROL} absolute right-2 bottom-4`}
      >
        <Icon>
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5M8 11h6" />
          {!zoomed && <path d="M11 8v6" />}
        </Icon>
      </button>
    </dialog>
  );
}

/** Previous or next: at the side, in the middle of the screen's height. */
function Control({
  label,
  disabled,
  onClick,
  side,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  side: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      // Not `disabled`: a button that had the focus would drop it out of the dialog at the last photo.
      aria-disabled={disabled}
      aria-label={label}
      className={`${CONTROL} absolute top-1/2 -translate-y-1/2 ${side} aria-disabled:opacity-40`}
    >
      <Icon>{children}</Icon>
    </button>
  );
}
