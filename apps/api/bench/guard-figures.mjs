// The pure parts of the bench guard (guard.mjs, decision 0102): the ratios of a run's interleaved measurements,
// the comparison with the recorded figures, and the rules of guard-figures.json (read, and rewritten only with a
// note saying why). No I/O here, so bench/guard-figures.test.ts can show each rule failing.

/** A ratio more than this fraction below its recorded figure fails the guard. */
export const TOLERANCE = 0.2;
/** The catalogue answers the guard measures, in the order it measures them. */
export const ENDPOINTS = ['list', 'product', 'search'];

export function median(xs) {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const round3 = (x) => Math.round(x * 1000) / 1000;

/**
 * Each endpoint's ratio to hello-world from runs measured in turn (hello, endpoint, hello, endpoint, ..., hello):
 * every endpoint run against the mean of the hello-world runs just before and just after it, so a load that came
 * or went on the machine meanwhile weighs on both sides; the median over its runs.
 * `runs`: `{ name: 'hello' | endpoint, rps }` in the order measured.
 */
export function ratiosOf(runs) {
  const each = {};
  runs.forEach((run, i) => {
    if (run.name === 'hello') return;
    const before = runs[i - 1];
    const after = runs[i + 1];
    if (before?.name !== 'hello' || after?.name !== 'hello')
      throw new Error(`run ${i} (${run.name}) is not between two hello-world runs`);
    (each[run.name] ??= []).push(run.rps / ((before.rps + after.rps) / 2));
  });
  return Object.fromEntries(
    Object.entries(each).map(([name, ratios]) => [name, { ratio: round3(median(ratios)), runs: ratios.map(round3) }]),
  );
}

/** The lowest ratio that passes: `TOLERANCE` below the recorded one. */
export const floorOf = (recorded) => round3(recorded * (1 - TOLERANCE));

/** Measured against recorded, endpoint by endpoint: `{ rows, ok }`; a row fails below its floor. */
export function compare(measured, recorded) {
  const rows = ENDPOINTS.map((name) => {
    const floor = floorOf(recorded[name]);
    return { name, measured: measured[name], recorded: recorded[name], floor, ok: measured[name] >= floor };
  });
  return { rows, ok: rows.every((row) => row.ok) };
}

const percent = (ratio) => `${(ratio * 100).toFixed(1)}%`;

/** The side-by-side table the guard prints, whatever the outcome. */
export function formatComparison(rows) {
  const lines = ['endpoint   measured   recorded   floor (-20%)'];
  for (const row of rows)
    lines.push(
      `${row.name.padEnd(9)} ${percent(row.measured).padStart(9)}  ${percent(row.recorded).padStart(9)}  ${percent(row.floor).padStart(12)}   ${row.ok ? 'ok' : 'TOO SLOW'}`,
    );
  return lines.join('\n');
}

const NOTE_NEEDED = '--record needs --note "why the figures change" (the history keeps a reason for each change)';
const isRatio = (x) => typeof x === 'number' && Number.isFinite(x) && x > 0 && x < 10;
const isText = (x) => typeof x === 'string' && x.trim() !== '';

/** Why `ratios` is not a ratio for each endpoint, or undefined. */
function ratiosProblem(ratios, where) {
  if (typeof ratios !== 'object' || ratios === null) return `${where}: no ratios`;
  for (const name of ENDPOINTS) if (!isRatio(ratios[name])) return `${where}: ratios.${name} is not a ratio`;
  return undefined;
}

/** guard-figures.json's content, checked: every field the guard relies on, or an error saying which is wrong. */
export function parseFigures(text) {
  let figures;
  try {
    figures = JSON.parse(text);
  } catch (error) {
    throw new Error(`guard-figures.json is not JSON: ${error.message}`, { cause: error });
  }
  const problems = [];
  if (typeof figures !== 'object' || figures === null) throw new Error('guard-figures.json holds no object');
  if (!Number.isInteger(figures.products) || figures.products <= 0) problems.push('products is not a count');
  const ratios = ratiosProblem(figures.ratios, 'figures');
  if (ratios) problems.push(ratios);
  for (const field of ['date', 'commit']) if (!isText(figures[field])) problems.push(`${field} is missing`);
  if (typeof figures.machine !== 'object' || figures.machine === null) problems.push('machine is missing');
  if (!Array.isArray(figures.history) || figures.history.length === 0) problems.push('history is empty');
  else
    figures.history.forEach((entry, i) => {
      for (const field of ['date', 'commit', 'note'])
        if (!isText(entry?.[field])) problems.push(`history[${i}].${field} is missing`);
      const entryRatios = ratiosProblem(entry?.ratios, `history[${i}]`);
      if (entryRatios) problems.push(entryRatios);
    });
  if (problems.length) throw new Error(`guard-figures.json: ${problems.join('; ')}`);
  return figures;
}

/**
 * The figures file after `--record`: the measured ratios become the recorded ones, and the history gains an entry
 * with the note. Refused without a note (the figures change only with a reason), or when the ratios are not all
 * measured. `previous`: the parsed file, or undefined for the first record.
 */
export function recordFigures(previous, { ratios, products, date, commit, machine, note }) {
  if (!isText(note)) throw new Error(NOTE_NEEDED);
  const problem = ratiosProblem(ratios, 'measured');
  if (problem) throw new Error(problem);
  const kept = Object.fromEntries(ENDPOINTS.map((name) => [name, ratios[name]]));
  return {
    products,
    ratios: kept,
    date,
    commit,
    machine,
    history: [...(previous?.history ?? []), { date, commit, note: note.trim(), ratios: kept }],
  };
}

/** The guard's command line: `[--record --note "why"]`. */
export function parseArgs(argv) {
  const options = { record: false, note: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--record') options.record = true;
    else if (arg === '--note') {
      if (i + 1 >= argv.length) throw new Error('--note needs a text');
      options.note = argv[++i];
    } else if (arg.startsWith('--note=')) options.note = arg.slice('--note='.length);
    else throw new Error(`unknown argument ${arg} (the guard takes --record --note "why")`);
  }
  if (options.note !== undefined && !options.record) throw new Error('--note goes with --record');
  // Refused here too, before a minute of measuring rather than after it.
  if (options.record && !isText(options.note)) throw new Error(NOTE_NEEDED);
  return options;
}
