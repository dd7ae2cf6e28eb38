import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPOOL_PREFIX, STALE_SPOOL_MS, sweepStaleSpools, UploadSpool } from './spool.js';

describe('UploadSpool', () => {
  let parent: string;
  beforeAll(async () => {
    parent = await fs.mkdtemp(path.join(os.tmpdir(), 'spool-test-'));
  });
  afterAll(async () => {
    await fs.rm(parent, { recursive: true, force: true });
  });
  const folders = async () => (await fs.readdir(parent)).filter((name) => name.startsWith(SPOOL_PREFIX));

  it('writes each file as it arrives into one private folder, and removes it all on dispose', async () => {
    const spool = new UploadSpool(parent);
    expect(await folders()).toEqual([]); // nothing until the first file
    const first = await spool.save(Readable.from([Buffer.from('abc'), Buffer.from('def')]));
    const second = await spool.save(Readable.from([Buffer.alloc(70_000, 1)]));
    const [folder] = await folders();
    const dir = path.join(parent, folder!);
    expect((await fs.stat(dir)).mode & 0o777).toBe(0o700);
    expect([first.path, second.path]).toEqual([path.join(dir, '0'), path.join(dir, '1')]);
    expect(await fs.readFile(first.path, 'latin1')).toBe('abcdef');
    expect((await fs.stat(second.path)).mode & 0o777).toBe(0o600);
    expect([first.bytes, second.bytes, spool.bytes]).toEqual([6, 70_000, 70_006]);

    await spool.dispose();
    expect(await folders()).toEqual([]);
    await expect(spool.save(Readable.from([Buffer.from('late')]))).rejects.toThrow(/disposed/);
    expect(await folders()).toEqual([]);
  });

  it('rejects with the error of a stream that breaks, and still removes what it wrote', async () => {
    const spool = new UploadSpool(parent);
    const broken = new Readable({ read() {} });
    broken.on('error', () => {}); // as @fastify/multipart listens on every file stream
    const saving = spool.save(broken);
    broken.push(Buffer.from('half a photo'));
    broken.destroy(new Error('Unexpected end of form'));
    await expect(saving).rejects.toThrow('Unexpected end of form');
    expect(await folders()).toHaveLength(1);
    await spool.dispose();
    expect(await folders()).toEqual([]);
  });

  it('sweeps only its own folders, and only those older than any upload can be', async () => {
    const now = Date.now();
    const make = async (name: string, ageMs: number) => {
      const dir = path.join(parent, name);
      await fs.mkdir(dir);
      await fs.writeFile(path.join(dir, '0'), 'left behind');
      const when = new Date(now - ageMs);
      await fs.utimes(dir, when, when);
    };
    await make(`${SPOOL_PREFIX}killed`, STALE_SPOOL_MS + 60_000);
    await make(`${SPOOL_PREFIX}arriving`, 60_000);
    await make('someone-elses', STALE_SPOOL_MS + 60_000);
    expect(await sweepStaleSpools(parent, now)).toBe(1);
    expect((await fs.readdir(parent)).sort()).toEqual([`${SPOOL_PREFIX}arriving`, 'someone-elses']);
    expect(await sweepStaleSpools(path.join(parent, 'missing'), now)).toBe(0);
    await fs.rm(path.join(parent, `${SPOOL_PREFIX}arriving`), { recursive: true });
    await fs.rm(path.join(parent, 'someone-elses'), { recursive: true });
  });
});
