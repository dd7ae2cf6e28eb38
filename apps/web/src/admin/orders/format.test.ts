import { describe, expect, it } from 'vitest';
import { formatAge } from './format';

describe('formatAge', () => {
  const now = Date.parse('2025-08-13T12:00:00.000Z');
  const at = (ms: number) => new Date(now - ms).toISOString();

  it('rounds down to minutes, hours, then days', () => {
    expect(formatAge(at(59_000), now)).toBe('just now');
    expect(formatAge(at(60_000), now)).toBe('1 min');
    expect(formatAge(at(59 * 60_000), now)).toBe('59 min');
    expect(formatAge(at(60 * 60_000), now)).toBe('1 h');
    expect(formatAge(at(23 * 3_600_000 + 59 * 60_000), now)).toBe('23 h');
    expect(formatAge(at(24 * 3_600_000), now)).toBe('1 d');
    expect(formatAge(at(9 * 24 * 3_600_000), now)).toBe('9 d');
  });

  it('never prints a negative age or garbage', () => {
    expect(formatAge(at(-5 * 60_000), now)).toBe('just now');
    expect(formatAge('not a date', now)).toBe('—');
  });
});
