import { describe, expect, it } from 'vitest';
import { maskedBody } from './masked.js';

// Issue 35: with no transport, the outbox logged whole bodies, codes and links with them.
describe('a message masked for the log', () => {
  it('hides SMS and collection codes, and phone numbers', () => {
    expect(maskedBody('Your Marketplace Malawi code is 042517')).toBe('Your Marketplace Malawi code is ***');
    expect(maskedBody('Collection code 918273. Call +265 991 234 567')).toBe('Collection code ***. Call +***');
    expect(maskedBody('We offer MWK 150,000 for it')).toBe('We offer MWK 150,000 for it');
  });

  it('keeps a link origin and words, never its token or query', () => {
    expect(maskedBody('See http://localhost/sell/status/Xy9_abcDEF123-zz.')).toBe(
      'See http://localhost/sell/status/***.',
    );
    expect(maskedBody('Reset: https://m.mw/reset?token=abcdef#x')).toBe('Reset: https://m.mw/reset?***');
    expect(maskedBody('https://user:pw@m.mw/o/MM2026')).toBe('https://m.mw/o/***');
    expect(maskedBody('Stop: https://m.mw/alerts/stop/abcdef and https://m.mw/account')).toBe(
      'Stop: https://m.mw/alerts/stop/*** and https://m.mw/account',
    );
  });
});
