import { useEffect, useRef, useState } from 'react';

// The shrinking code (and its worker) loads when the first photos are picked, not with the screen.
const loadShrinker = () => import('../lib/photo-shrink').then((m) => m.shrinkPhoto);

/**
 * A picker's files as they are shrunk on the phone: each picked file is shown and kept at once, then
 * swapped for its shrunk copy, or taken out and named in `refused` when it is not an image that decodes.
 * `change` replaces the picker's `onChange`, so a swap never undoes a removal made meanwhile.
 */
export function useShrunkPhotos(files: readonly File[], onChange: (files: File[]) => void) {
  const latest = useRef(files);
  useEffect(() => {
    latest.current = files;
  }, [files]);
  const [refused, setRefused] = useState<readonly string[]>([]);
  const [preparing, setPreparing] = useState(0);

  function change(next: File[]) {
    latest.current = next;
    onChange(next);
  }

  function settle(original: File, shrunk: File | null) {
    setPreparing((count) => count - 1);
    // Removed while it was shrinking, or kept as picked: nothing to swap.
    if (shrunk === original || !latest.current.includes(original)) return;
    if (shrunk) change(latest.current.map((file) => (file === original ? shrunk : file)));
    else {
      change(latest.current.filter((file) => file !== original));
      setRefused((names) => [...names, original.name]);
    }
  }

  /** Starts shrinking files just added (already passed to `change`). */
  function shrink(added: readonly File[]) {
    // A browser that cannot decode images in script (and jsdom) sends them as picked: the server shrinks them.
    if (added.length === 0 || typeof createImageBitmap !== 'function') return;
    setPreparing((count) => count + added.length);
    loadShrinker().then(
      (shrinkPhoto) => {
        for (const file of added) {
          shrinkPhoto(file).then(
            (shrunk) => settle(file, shrunk),
            () => settle(file, file),
          );
        }
      },
      // The code could not load (offline): the photos go as picked, and the server shrinks them.
      () => setPreparing((count) => count - added.length),
    );
  }

  const dismiss = (index: number) => setRefused((names) => names.filter((_, i) => i !== index));
  return { change, shrink, refused, dismiss, preparing: preparing > 0 };
}
