/** Transfers remembered at most; older windows are dropped first, so a flood of events cannot grow it for ever. */
const REMEMBERED = 10_000;

/**
 * At most one webhook-triggered verification per transfer per window in this process (docs/decisions/0052): a
 * captured signed event replayed fifty times costs one call to the gateway, not fifty. `take` answers undefined when
 * the event may ask now, else the time from which asking is allowed again.
 */
export function webhookThrottle(windowMs: number) {
  // transfer id → when an event last made us ask; kept in time order (deleted before set) so pruning reads the front.
  const asked = new Map<string, number>();
  function prune(now: number) {
    for (const [id, at] of asked) {
      if (asked.size <= REMEMBERED && at + windowMs > now) return;
      asked.delete(id);
    }
  }
  return {
    take(transferId: string, now: number): number | undefined {
      const last = asked.get(transferId);
      if (last !== undefined && last + windowMs > now) return last + windowMs;
      asked.delete(transferId);
      asked.set(transferId, now);
      if (asked.size > REMEMBERED) prune(now);
      return undefined;
    },
  };
}
