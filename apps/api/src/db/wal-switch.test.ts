import { describe, expect, it } from 'vitest';
import { switchToWal } from './database.js';

/** A database whose `journal_mode` pragma throws `errors` in turn, then succeeds. */
function failingFirst(...errors: Error[]) {
  let calls = 0;
  return {
    calls: () => calls,
    pragma: () => {
      calls += 1;
      const error = errors.shift();
      if (error) throw error;
      return 'wal';
    },
  };
}

const busy = () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });

// SQLite takes the switch's exclusive lock without its busy handler: three processes opening one new file
// failed 1 start in 300 with 'database is locked' before this wait.
describe('switching a new SQLite file to WAL', () => {
  it('waits while another process holds the lock, then switches', () => {
    const database = failingFirst(busy(), busy(), busy());
    switchToWal(database as never);
    expect(database.calls()).toBe(4);
  });

  it('gives up after its wait, and at once on any other error', () => {
    const alwaysBusy = failingFirst(...Array.from({ length: 1000 }, busy));
    expect(() => switchToWal(alwaysBusy as never, 50)).toThrow('database is locked');
    expect(alwaysBusy.calls()).toBeGreaterThan(1);
    const broken = failingFirst(Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' }));
    expect(() => switchToWal(broken as never)).toThrow('disk I/O error');
    expect(broken.calls()).toBe(1);
  });
});
