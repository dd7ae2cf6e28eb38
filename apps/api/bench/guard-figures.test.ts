import { describe, expect, it } from 'vitest';
import {
  compare,
  type Figures,
  formatComparison,
  median,
  parseArgs,
  parseFigures,
  ratiosOf,
  recordFigures,
} from './guard-figures.mjs';

// The bench guard's rules (decision 0102), without measuring anything: how a run's interleaved req/s become ratios,
// when a ratio fails against the recorded one, and when guard-figures.json may be read or rewritten.

const machine = { cpus: 2, cpuModel: 'Test CPU', node: 'v24.0.0' };
const ratios = { list: 0.5, product: 0.6, search: 0.4 };
const figures: Figures = {
  products: 10_000,
  ratios,
  date: '2026-11-29T21:00:00Z',
  commit: 'abc1234',
  machine,
  history: [{ date: '2026-11-29T21:00:00Z', commit: 'abc1234', note: 'first figures', ratios }],
};

describe('ratiosOf', () => {
  it('divides each endpoint run by the mean of the hello-world runs beside it, then takes the median', () => {
    const runs = [
      { name: 'hello', rps: 10_000 },
      { name: 'list', rps: 5_000 },
      { name: 'hello', rps: 30_000 }, // the machine got busier, then quieter: both sides of the list run see it
      { name: 'list', rps: 8_000 },
      { name: 'hello', rps: 10_000 },
      { name: 'list', rps: 2_000 },
      { name: 'hello', rps: 10_000 },
    ];
    expect(ratiosOf(runs)).toEqual({ list: { ratio: 0.25, runs: [0.25, 0.4, 0.2] } });
  });

  it('refuses an endpoint run without a hello-world run on each side', () => {
    expect(() =>
      ratiosOf([
        { name: 'hello', rps: 1 },
        { name: 'list', rps: 1 },
        { name: 'product', rps: 1 },
        { name: 'hello', rps: 1 },
      ]),
    ).toThrow('run 1 (list) is not between two hello-world runs');
    expect(() => ratiosOf([{ name: 'list', rps: 1 }])).toThrow('not between');
  });

  it('takes the mean of the middle two of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([3, 1, 2])).toBe(2);
  });
});

describe('compare', () => {
  it('passes a ratio down to 20% below its recorded figure and fails one lower, endpoint by endpoint', () => {
    const { rows, ok } = compare({ list: 0.4, product: 0.7, search: 0.4 }, ratios);
    expect(ok).toBe(true);
    expect(rows.map((r) => [r.name, r.floor, r.ok])).toEqual([
      ['list', 0.4, true],
      ['product', 0.48, true],
      ['search', 0.32, true],
    ]);
    const slower = compare({ list: 0.399, product: 0.7, search: 0.4 }, ratios);
    expect(slower.ok).toBe(false);
    expect(slower.rows.filter((r) => !r.ok).map((r) => r.name)).toEqual(['list']);
  });

  it('prints measured, recorded and the floor side by side, naming the one too slow', () => {
    const table = formatComparison(compare({ list: 0.3, product: 0.6, search: 0.4 }, ratios).rows);
    expect(table).toContain('list          30.0%      50.0%         40.0%   TOO SLOW');
    expect(table).toContain('product       60.0%      60.0%         48.0%   ok');
  });
});

describe('parseFigures', () => {
  it('reads a complete file', () => {
    expect(parseFigures(JSON.stringify(figures))).toEqual(figures);
  });

  it('names every field it cannot rely on', () => {
    const broken = {
      ...figures,
      products: 0,
      ratios: { list: 0.5, product: '0.6', search: 0.4 },
      commit: '',
      history: [{ ...figures.history[0], note: ' ' }],
    };
    expect(() => parseFigures(JSON.stringify(broken))).toThrow(
      'guard-figures.json: products is not a count; figures: ratios.product is not a ratio; commit is missing; history[0].note is missing',
    );
    expect(() => parseFigures(JSON.stringify({ ...figures, history: [] }))).toThrow('history is empty');
    expect(() => parseFigures('{')).toThrow('guard-figures.json is not JSON');
  });
});

describe('recording', () => {
  const measured = {
    ratios: { list: 0.3, product: 0.45, search: 0.35 },
    products: 10_000,
    date: '2026-11-30T08:00:00Z',
    commit: 'def5678',
    machine,
  };

  it('makes the measured ratios the recorded ones and keeps every earlier note', () => {
    const next = recordFigures(figures, { ...measured, note: '  hooks moved into the cache  ' });
    expect(next.ratios).toEqual(measured.ratios);
    expect(next.commit).toBe('def5678');
    expect(next.history).toEqual([
      ...figures.history,
      { date: measured.date, commit: 'def5678', note: 'hooks moved into the cache', ratios: measured.ratios },
    ]);
    expect(parseFigures(JSON.stringify(next))).toEqual(next);
    expect(recordFigures(undefined, { ...measured, note: 'first' }).history).toHaveLength(1);
  });

  it('refuses without a note, or without every ratio measured', () => {
    expect(() => recordFigures(figures, { ...measured, note: undefined })).toThrow('--record needs --note');
    expect(() => recordFigures(figures, { ...measured, note: '   ' })).toThrow('--record needs --note');
    expect(() => recordFigures(figures, { ...measured, ratios: { list: 0.3 }, note: 'why' })).toThrow(
      'measured: ratios.product is not a ratio',
    );
  });

  it('refuses --record without a note on the command line, before measuring', () => {
    expect(parseArgs([])).toEqual({ record: false, note: undefined });
    expect(parseArgs(['--record', '--note', 'why'])).toEqual({ record: true, note: 'why' });
    expect(parseArgs(['--record', '--note=why'])).toEqual({ record: true, note: 'why' });
    expect(() => parseArgs(['--record'])).toThrow('--record needs --note');
    expect(() => parseArgs(['--record', '--note'])).toThrow('--note needs a text');
    expect(() => parseArgs(['--note', 'why'])).toThrow('--note goes with --record');
    expect(() => parseArgs(['--recrod'])).toThrow('unknown argument --recrod');
  });
});
