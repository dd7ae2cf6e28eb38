import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sqliteModuleFor } from './sqlite-driver.js';

describe('the SQLite driver for the running Node', () => {
  it('takes 13 from Node-API 10 on and 12 before it', () => {
    expect(sqliteModuleFor(9)).toBe('better-sqlite3-12');
    expect(sqliteModuleFor(10)).toBe('better-sqlite3');
  });

  // better-sqlite3 12 on Node 24.19+ aborts here, when the collector finalises the statements (exit 134).
  it('survives the garbage collector finalising thousands of statements', () => {
    const module = sqliteModuleFor(Number(process.versions.napi));
    const script = `
      const Database = require(${JSON.stringify(module)});
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
