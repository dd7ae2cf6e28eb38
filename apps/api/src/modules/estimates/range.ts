import { ESTIMATE_DAYS, ESTIMATE_MIN_COUNT, ESTIMATE_STEP, type Estimate } from '@marketplace/shared';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first moment a comparable price still counts. */
export function estimateSince(now: Date): string {
  return new Date(now.getTime() - ESTIMATE_DAYS * DAY_MS).toISOString();
}

/**
 * The range of some prices (docs/decisions/0055): nothing under ESTIMATE_MIN_COUNT, else the lowest rounded
 * down and the highest rounded up to ESTIMATE_STEP, at least one step wide, so neither end is anyone's price.
 */
export function rangeOf(prices: readonly number[], basis: string): Estimate {
  if (prices.length < ESTIMATE_MIN_COUNT) return { count: 0 };
  const low = Math.floor(Math.min(...prices) / ESTIMATE_STEP) * ESTIMATE_STEP;
  const high = Math.max(Math.ceil(Math.max(...prices) / ESTIMATE_STEP) * ESTIMATE_STEP, low + ESTIMATE_STEP);
  return { low, high, count: prices.length, basis: `${prices.length} ${basis} in the last ${ESTIMATE_DAYS} days` };
}
