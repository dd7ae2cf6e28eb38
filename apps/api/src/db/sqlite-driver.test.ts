import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('the SQLite driver', () => {
  // better-sqlite3 12 on Node 24.19+ aborts here, when the collector finalises the statements (exit 134).
  it('survives the garbage collector finalising thousands of statements', () => {
    const script = `
      const Database = require('better-sqlite3');
      const db = new Database(':memory:');
      for (let i = 0; i < 5000; i += 1) db.prepare('select ' + i + ' as x').get();
      setTimeout(() => { globalThis.gc(); console.log('collected'); }, 10);`;
    const run = spawnSync(process.execPath, ['--expose-gc', '-e', script], {
      cwd: fileURLToPath(new URL('.', import.meta.url)),
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe('collected');
  });
});
