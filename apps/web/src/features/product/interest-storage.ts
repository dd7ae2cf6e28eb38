import { readStorage, writeStorage } from '../../lib/storage';

/** Spec 3: the toggle is kept per product under interested-{id}. */
const interestKey = (productId: number) => `interested-${productId}`;

export function readInterested(productId: number): boolean {
  return readStorage(interestKey(productId)) === 'true';
}

export function writeInterested(productId: number, interested: boolean): void {
  writeStorage(interestKey(productId), interested ? 'true' : null);
}
