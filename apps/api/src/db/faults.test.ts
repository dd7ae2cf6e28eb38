import { describe, expect, it } from 'vitest';
import { FaultLog, FULL_REPORT_MS, faultOf } from './faults.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('database faults', () => {
  it.each([
    [withCode('SQLITE_FULL', 'database or disk is full'), 'full'],
    [withCode('53100', 'could not extend file'), 'full'],
    [withCode('ENOSPC'), 'full'],
    [withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'), 'unreachable'],
    [withCode('ECONNRESET'), 'unreachable'],
    [withCode('57P01', 'terminating connection due to administrator command'), 'unreachable'],
    [withCode('57P03', 'the database system is starting up'), 'unreachable'],
    [withCode('53300', 'too many connections'), 'unreachable'],
    [withCode('57014', 'canceling statement due to statement timeout'), 'unreachable'],
    [withCode('08006'), 'unreachable'],
    [withCode('SQLITE_BUSY', 'database is locked'), 'unreachable'],
    [new Error('Connection terminated unexpectedly'), 'unreachable'],
    [new Error('timeout exceeded when trying to connect'), 'unreachable'],
    [new Error('Query read timeout'), 'unreachable'],
    [new TypeError('The database connection is not open'), 'unreachable'],
    [new Error('driver has already been destroyed'), 'unreachable'],
    [new Error('Client has encountered a connection error and is not queryable'), 'unreachable'],
  ] as const)('%s is %s', (error, fault) => {
    expect(faultOf(error)).toBe(fault);
  });

  it.each([
    withCode('23505', 'duplicate key value violates unique constraint'),
    withCode('SQLITE_CONSTRAINT_UNIQUE'),
    withCode('42P01', 'relation does not exist'),
    new TypeError('undefined is not a function'),
    'a string',
    undefined,
  ])('%s is a bug, not a fault', (error) => {
    expect(faultOf(error)).toBeUndefined();
  });

  it('remembers a full disk for a minute', () => {
    const log = new FaultLog();
    expect(log.storageFull(1000)).toBe(false);
    log.note('unreachable', 1000);
    expect(log.storageFull(1000)).toBe(false);
    log.note('full', 1000);
    expect(log.storageFull(1000 + FULL_REPORT_MS - 1)).toBe(true);
    expect(log.storageFull(1000 + FULL_REPORT_MS)).toBe(false);
  });
});
