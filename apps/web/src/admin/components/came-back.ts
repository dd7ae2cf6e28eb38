import type { CameBack } from '@marketplace/shared';

/** "2 of 9 (22%)": sold items that came back, as the dashboard and a seller request's view say it. */
export function cameBackText({ came_back, sold }: CameBack): string {
  if (sold === 0) return 'None sold yet';
  return `${came_back} of ${sold} (${Math.round((came_back / sold) * 100)}%)`;
}
