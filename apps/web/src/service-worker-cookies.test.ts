// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { DATA_SAVER_COOKIE, LANGUAGE_COOKIE } from '@marketplace/shared';
import { describe, expect, it } from 'vitest';

// The service worker is served as it is, without a build, so it spells the choice cookies' names out.
const worker = fs.readFileSync(path.resolve(import.meta.dirname, '../public/sw.js'), 'utf8');

describe('the service worker', () => {
  it('reads the choice cookies by the names the app writes them under', () => {
    expect(worker).toContain(`const DATA_SAVER_COOKIE = '${DATA_SAVER_COOKIE}';`);
    expect(worker).toContain(`const LANGUAGE_COOKIE = '${LANGUAGE_COOKIE}';`);
  });
});
