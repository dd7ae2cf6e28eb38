// How photos are shrunk on the phone before they are sent (docs/decisions/0054): the server still decodes,
// limits and re-encodes whatever arrives.

/** The longest side a photo is sent at: as large as the server keeps, so nothing is lost by shrinking first. */
export const PHOTO_LONG_SIDE = 1600;
/** JPEG quality: about 200-350 KB for a 1600 px phone photo. */
export const PHOTO_QUALITY = 0.8;

/** `width` x `height` scaled down (never up) so the longer side is at most `longest`, in whole pixels. */
export function fitWithin(width: number, height: number, longest: number): { width: number; height: number } {
  const scale = Math.min(1, longest / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The file's name with a .jpg ending, as it is re-encoded to JPEG. */
export function jpegName(name: string): string {
  return `${name.replace(/\.[^./\\]*$/, '') || 'photo'}.jpg`;
}
