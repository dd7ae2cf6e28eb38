import { describe, expect, it } from 'vitest';
import { keepSection, withSection } from '../loadtest/section.mjs';
import { CHECKS, judge } from './checks.mjs';

// Issue 36: hostile-images.mjs had every upload answered 403 "Set up two-step login" and its figures still looked
// met (no 5xx among nothing measured). Every stress check names what it measured; a count of 0 there fails it.

/** hostile-images.mjs's summary of a run whose uploads were all measured (trimmed), then one whose were all refused. */
const measuredRun = {
  corpus: { files: 29, kinds: { heavy: 7, taken: 4, refused: 18 } },
  requests: 50,
  statuses: { 201: 13, 400: 6, 503: 31 },
  taken: 13,
  processed: 50,
  refused: 0,
  busy503: { count: 31, allWithRetryAfter: true },
  unexpected5xx: [],
  rssMb: { idle: 166, peak: 397, afterBurst: 230, samples: 364 },
  loginMs: { idle: 370, duringBurst: [425, 352, 347], max: 425, statuses: [200] },
  unexpectedOutcomes: [],
  afterBurst: { ordinaryPhoto: 201 },
  targets: { peakRss: true, no5xx: true, loginUnder1s: true, ordinaryPhotoTaken: true, everyFileAsExpected: true },
};
const refusedRun = {
  ...measuredRun,
  statuses: { 403: 50 },
  taken: 0,
  processed: 0,
  refused: 50,
  busy503: { count: 0, allWithRetryAfter: true },
  rssMb: { idle: 166, peak: 170, afterBurst: 170, samples: 40 },
};
const failed = (rows: ReturnType<typeof judge>) => rows.filter(([, judged]) => !judged.ok).map(([figure]) => figure);

describe('the stress checks of npm run stress', () => {
  it('each names what it measured', () => {
    expect(CHECKS.length).toBeGreaterThanOrEqual(10);
    for (const check of CHECKS) expect(check.measured, check.name).toBeTypeOf('function');
  });

  it('each fails on figures that report nothing it measured', () => {
    for (const check of CHECKS) {
      const rows = judge(check, {});
      expect(failed(rows).length, check.name).toBeGreaterThan(0);
      expect(
        failed(rows).some((figure) => figure.startsWith('measured: ')),
        check.name,
      ).toBe(true);
    }
  });

  it('hostile-images passes on a run whose uploads were measured and fails when all were refused (counts of 0)', () => {
    const hostile = CHECKS.find((c) => c.name === 'hostile-images')!;
    expect(failed(judge(hostile, measuredRun))).toEqual([]);
    expect(failed(judge(hostile, refusedRun))).toEqual([
      'measured: submissions processed (taken, refused for the image, or busy; not refused as a request)',
      'measured: uploads taken during the burst',
    ]);
  });
});

describe("docs/reliability.md's load test section", () => {
  const report = '# Reliability\n\nThe stress checks of one run.\n';
  const withLoad = withSection(report, '## Mixed load\n\nFigures of `npm run loadtest`.');

  it('is written between its markers, and rewritten there', () => {
    expect(withLoad).toBe(
      '# Reliability\n\nThe stress checks of one run.\n\n<!-- loadtest:start -->\n## Mixed load\n\nFigures of `npm run loadtest`.\n<!-- loadtest:end -->\n',
    );
    const again = withSection(withLoad, '## Mixed load\n\nA later run ($1 and $& kept as written).');
    expect(again).toContain('A later run ($1 and $& kept as written).');
    expect(again).not.toContain('Figures of');
    expect(again.match(/loadtest:start/g)).toHaveLength(1);
  });

  it('survives the stress report rewriting the file, and is not made up when there was none', () => {
    const fresh = '# Reliability\n\nThe stress checks of a later run.\n';
    const kept = keepSection(withLoad, fresh);
    expect(kept).toContain('The stress checks of a later run.');
    expect(kept).not.toContain('of one run');
    expect(kept).toContain(
      '<!-- loadtest:start -->\n## Mixed load\n\nFigures of `npm run loadtest`.\n<!-- loadtest:end -->',
    );
    expect(keepSection(report, fresh)).toBe(fresh);
  });
});
