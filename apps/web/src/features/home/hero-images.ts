import { HERO_HEIGHT, HERO_QUALITY } from '@marketplace/shared';
import { API_BASE } from '../../lib/config';

/** Hero slides come from the API's hero route, resized like product images (h 500, q 80: docs/product.md#constants). */
export function heroImageUrl(name: string, width: number): string {
  return `${API_BASE}/images/hero/${encodeURIComponent(name)}?w=${width}&h=${HERO_HEIGHT}&fit=cover&q=${HERO_QUALITY}`;
}

export function heroSrcSet(name: string, widths: readonly number[]): string {
  return widths.map((w) => `${heroImageUrl(name, w)} ${w}w`).join(', ');
}
