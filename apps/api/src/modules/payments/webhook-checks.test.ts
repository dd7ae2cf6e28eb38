import { describe, expect, it } from 'vitest';
import { webhookThrottle } from './webhook-checks.js';

describe('the webhook throttle', () => {
  it('lets one ask per transfer per window and answers when the next may', () => {
    const throttle = webhookThrottle(30_000);
    expect(throttle.take('PAY-a', 1_000)).toBeUndefined();
    expect(throttle.take('PAY-a', 2_000)).toBe(31_000);
    expect(throttle.take('PAY-b', 2_000)).toBeUndefined();
    expect(throttle.take('PAY-a', 30_999)).toBe(31_000);
    expect(throttle.take('PAY-a', 31_000)).toBeUndefined();
    expect(throttle.take('PAY-a', 31_001)).toBe(61_000);
  });

  it('stays bounded under a flood of transfers, forgetting the oldest first', () => {
    const throttle = webhookThrottle(30_000);
    for (let i = 0; i <= 10_000; i++) throttle.take(`PAY-${i}`, 1_000 + i);
    // The oldest was dropped to keep 10,000: it may ask again; the newest is still held back.
    expect(throttle.take('PAY-0', 20_000)).toBeUndefined();
    expect(throttle.take('PAY-10000', 20_000)).toBe(41_000);
  });
});
