import { MAX_IMAGES } from '@marketplace/shared';
import { useEffect, useId, useMemo, useState, type DragEvent } from 'react';
import { useI18n } from '../i18n/context';
import { translateKnown } from '../i18n/labels';
import { CloseIcon } from './icons';
import { useShrunkPhotos } from './use-shrunk-photos';

/** An image already stored on the server (edit screens): shown before new files, removable. */
export interface ExistingImage {
  /** What `onRemoveExisting` receives, e.g. the stored file name. */
  key: string;
  url: string;
}

export interface ImagePickerProps {
  /** New files picked so far, in order; the first image overall is the primary one. */
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** Images allowed in total, stored ones included (3: docs/product.md#validation). */
  max?: number;
  existing?: readonly ExistingImage[];
  onRemoveExisting?: (key: string) => void;
  /** In the reader's language; by default "Images". */
  label?: string;
  /** A validation message in English (a shared schema's): shown translated. */
  error?: string;
  disabled?: boolean;
  /**
   * Told when photos start and finish shrinking: the form holds its submit meanwhile, so a photo is never
   * sent at full size because the seller tapped Submit a second too soon.
   */
  onPreparing?: (preparing: boolean) => void;
}

export interface AcceptResult {
  files: File[];
  /** Files left out: not images, or beyond the limit. */
  rejectedType: number;
  overLimit: number;
}

/** Only image/* files, at most `max` in total; extra files are dropped. */
export function acceptImages(current: readonly File[], incoming: Iterable<File>, room: number): AcceptResult {
  const files = [...current];
  let rejectedType = 0;
  let overLimit = 0;
  let left = Math.max(0, room);
  for (const file of incoming) {
    if (!file.type.startsWith('image/')) rejectedType += 1;
    else if (left === 0) overLimit += 1;
    else {
      files.push(file);
      left -= 1;
    }
  }
  return { files, rejectedType, overLimit };
}

/** Object URLs for previews, revoked as soon as the files change or the screen closes. */
function useObjectUrls(files: readonly File[]): ReadonlyMap<File, string> {
  const [urls, setUrls] = useState<ReadonlyMap<File, string>>(() => new Map());
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const map = new Map(files.map((file) => [file, URL.createObjectURL(file)] as const));
    setUrls(map);
    return () => {
      for (const url of map.values()) URL.revokeObjectURL(url);
    };
  }, [files]);
  return urls;
}

/** A form's picked files and the preview URL of the primary (first) one, for a PreviewCard beside the picker. */
export function usePickedImages(): {
  files: File[];
  setFiles: (files: File[]) => void;
  primaryUrl: string | undefined;
} {
  const [files, setFiles] = useState<File[]>([]);
  // Only the primary image is previewed, so only it gets an object URL.
  const primary = useMemo(() => files.slice(0, 1), [files]);
  const urls = useObjectUrls(primary);
  return { files, setFiles, primaryUrl: files[0] ? urls.get(files[0]) : undefined };
}

/** A round remove button over a thumbnail's corner. */
const REMOVE_BUTTON =
  'inline-flex size-7 items-center justify-center rounded-full bg-white/95 text-stone-900 shadow ring-1 ring-stone-300 hover:bg-red-50 hover:text-red-800';

/** What the last files added left out, said in the reader's language when shown. */
type Skipped = Pick<AcceptResult, 'rejectedType' | 'overLimit'>;

/**
 * Drag-and-drop or click picker for up to `max` images with thumbnails, a remove button on each and a
 * 'Primary' badge on the first. Shared by the back-office product and seller-request forms and the public /sell form.
 * Picked photos are shrunk on the phone before they are sent (use-shrunk-photos.ts).
 */
export function ImagePicker({
  files,
  onChange,
  max = MAX_IMAGES,
  existing = [],
  onRemoveExisting,
  label,
  error,
  disabled = false,
  onPreparing,
}: ImagePickerProps) {
  const i18n = useI18n();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [dragging, setDragging] = useState(false);
  const [skipped, setSkipped] = useState<Skipped | null>(null);
  const urls = useObjectUrls(files);
  const photos = useShrunkPhotos(files, onChange);
  useEffect(() => onPreparing?.(photos.preparing), [onPreparing, photos.preparing]);
  const room = max - existing.length - files.length;
  const full = room <= 0;

  function add(incoming: Iterable<File>) {
    const result = acceptImages(files, incoming, room);
    setSkipped(
      result.rejectedType || result.overLimit
        ? { rejectedType: result.rejectedType, overLimit: result.overLimit }
        : null,
    );
    if (result.files.length === files.length) return;
    photos.change(result.files);
    photos.shrink(result.files.slice(files.length));
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    add(Array.from(event.dataTransfer.files));
  }

  const thumbs = [
    ...existing.map((image) => ({
      id: `existing:${image.key}`,
      url: image.url,
      remove: () => onRemoveExisting?.(image.key),
      removable: Boolean(onRemoveExisting),
    })),
    ...files.map((file, index) => ({
      id: `file:${index}:${file.name}`,
      url: urls.get(file),
      remove: () => photos.change(files.filter((_, i) => i !== index)),
      removable: true,
    })),
  ];

  const notes: string[] = [];
  if (skipped?.rejectedType) {
    const count = skipped.rejectedType;
    notes.push(
      count === 1
        ? i18n._('1 file skipped: only images can be added.')
        : i18n._('{count} files skipped: only images can be added.', { count }),
    );
  }
  if (skipped?.overLimit) {
    const count = skipped.overLimit;
    notes.push(
      count === 1
        ? i18n._('1 file skipped: at most {max} images.', { max })
        : i18n._('{count} files skipped: at most {max} images.', { count, max }),
    );
  }
  if (photos.preparing) notes.push(i18n._('Making the photos smaller for sending...'));
  const notice = notes.join(' ');

  return (
    <div>
      <p className="mb-1 block text-sm font-medium text-stone-800" id={`${inputId}-label`}>
        {label ?? i18n._('Images')}
      </p>
      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled && !full) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex min-h-28 flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed px-4 py-5 text-center text-sm has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-700 ${
          full || disabled
            ? 'cursor-not-allowed border-stone-300 bg-stone-100 text-stone-600'
            : 'cursor-pointer bg-white text-stone-700 hover:border-teal-700'
        } ${dragging ? 'border-teal-700 bg-teal-50' : 'border-stone-400'} ${error ? 'border-red-700' : ''}`}
      >
        <input
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          disabled={disabled || full}
          aria-labelledby={`${inputId}-label`}
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
          onChange={(e) => {
            if (e.target.files) add(Array.from(e.target.files));
            e.target.value = '';
          }}
        />
        <span className="font-semibold text-teal-800">
          {full
            ? i18n._('Maximum of {max} images reached', { max })
            : i18n._('Drag and drop images here, or click to choose')}
        </span>
        <span id={hintId} className="text-xs text-stone-600">
          {i18n._('Up to {max} images ({count} of {max} added). The first is the primary image.', {
            max,
            count: thumbs.length,
          })}
        </span>
      </label>
      <p role="status" className="mt-1 text-sm text-amber-900 empty:hidden">
        {/* No text at all when there is nothing to say (Preact's runtime would keep an empty text node). */}
        {notice || null}
      </p>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {translateKnown(i18n, error)}
        </p>
      )}
      {thumbs.length + photos.refused.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-3" aria-label={i18n._('Selected images')}>
          {thumbs.map((thumb, index) => (
            <li
              key={thumb.id}
              className="relative size-24 overflow-hidden rounded-md border border-stone-300 bg-stone-100"
            >
              {thumb.url && (
                <img
                  src={thumb.url}
                  alt={
                    index === 0
                      ? i18n._('Image {number} (primary)', { number: index + 1 })
                      : i18n._('Image {number}', { number: index + 1 })
                  }
                  className="size-full object-cover"
                />
              )}
              {index === 0 && (
                <span className="absolute bottom-1 left-1 rounded bg-teal-800 px-1.5 py-0.5 text-xs font-semibold text-white">
                  {i18n._('Primary')}
                </span>
              )}
              {thumb.removable && (
                <button
                  type="button"
                  onClick={() => {
                    setSkipped(null);
                    thumb.remove();
                  }}
                  disabled={disabled}
                  aria-label={i18n._('Remove image {number}', { number: index + 1 })}
                  className={`absolute right-1 top-1 ${REMOVE_BUTTON}`}
                >
                  <CloseIcon width="16" height="16" strokeWidth="2.5" />
                </button>
              )}
            </li>
          ))}
          {/* A file that is not an image that decodes, named on its own thumbnail; it is not sent. */}
          {photos.refused.map((name, index) => (
            <li
              key={`refused:${index}:${name}`}
              className="flex min-h-24 w-full max-w-xs items-start gap-2 rounded-md border-2 border-red-700 bg-red-50 p-2 text-sm text-red-800"
            >
              <span className="min-w-0 flex-1 break-words">
                {i18n._('{name} is not a photo that can be opened. Choose another.', { name })}
              </span>
              <button
                type="button"
                onClick={() => photos.dismiss(index)}
                aria-label={i18n._('Remove {name}', { name })}
                className={`shrink-0 ${REMOVE_BUTTON}`}
              >
                <CloseIcon width="16" height="16" strokeWidth="2.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
