import { describe, expect, it } from 'vitest';
import { VISITOR_ID_KEY, visitorId } from './visitor-id';

describe('visitorId', () => {
  it('makes an id the interest endpoint accepts and keeps it', () => {
    const id = visitorId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(visitorId()).toBe(id);
    expect(window.localStorage.getItem(VISITOR_ID_KEY)).toBe(id);
  });

  it('replaces a stored value the server would refuse', () => {
    window.localStorage.setItem(VISITOR_ID_KEY, 'bad id!');
    expect(visitorId()).toMatch(/^[a-f0-9]{32}$/);
  });
});
