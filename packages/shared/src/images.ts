/**
 * Stored images are named by 32 random hex characters (or, for the three carousel pictures, hero-{word})
 * and an extension; no other name reaches storage.
 */
export const IMAGE_NAME_PATTERN = /^(?:[a-f0-9]{32}|hero-[a-z]{1,20})\.webp$/;

/** A leading 'data/' is stripped and the name encoded before it joins the images path (docs/product.md#entities). */
export function imageName(raw: string): string {
  return raw.replace(/^\/?data\//, '').replace(/^.*\//, '');
}
