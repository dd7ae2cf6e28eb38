// @vitest-environment node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileEnglish } from './english';

// Decision 0032: the catalogues hold exactly the texts the public code shows, each translated. The
// extractor reads the code as `npm run i18n -w apps/web` does; what it finds is compared with ny.po.
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let ids: string[] = [];
let chichewa: Record<string, { translation?: string; obsolete?: boolean }> = {};

beforeAll(async () => {
  const config = getConfig({ cwd: webRoot, configPath: path.join(webRoot, 'lingui.config.ts') });
  const [catalog] = await getCatalogs(config);
  if (!catalog) throw new Error('lingui.config.ts names no catalogue');
  const collected = await catalog.collect();
  if (!collected) throw new Error('the extractor failed to read the code');
  ids = Object.keys(collected);
  chichewa = (await catalog.read('ny')) ?? {};
}, 60_000);

describe('the Chichewa catalogue', () => {
  it('translates every text the public screens show', () => {
    expect(ids.length).toBeGreaterThan(0);
    const untranslated = ids.filter((id) => !chichewa[id]?.translation?.trim());
    expect(untranslated, 'run `npm run i18n -w apps/web` and translate these in src/i18n/locales/ny.po').toEqual([]);
  });

  it('holds no text the code no longer shows', () => {
    const shown = new Set(ids);
    expect(Object.keys(chichewa).filter((id) => !shown.has(id))).toEqual([]);
  });

  it('keeps every placeholder of the English in its translation', () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const parts = (text: string) => [...text.matchAll(/<(\d+)>/g)].map((m) => m[1]).sort();
    const broken = ids.filter((id) => {
      const translation = chichewa[id]?.translation || id;
      return names(translation).join() !== names(id).join() || parts(translation).join() !== parts(id).join();
    });
    expect(broken).toEqual([]);
  });
});

describe('English texts', () => {
  it('use plain {name} placeholders only, which English compiles without a catalogue', () => {
    expect(ids.filter((id) => /\{(?!\w+\})/.test(id))).toEqual([]);
  });

  it('compile their placeholders into values', () => {
    expect(compileEnglish('© {year} {brand}. All rights reserved.')).toEqual([
      '© ',
      ['year'],
      ' ',
      ['brand'],
      '. All rights reserved.',
    ]);
    expect(compileEnglish('Basket')).toEqual(['Basket']);
  });
});
