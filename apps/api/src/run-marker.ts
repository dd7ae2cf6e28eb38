import fs from 'node:fs';
import path from 'node:path';

/** What the marker of a run holds: enough to say which run did not stop cleanly. */
interface RunMark {
  pid: number;
  startedAt: string;
}

export interface RunMarker {
  /** The run before this one, when it left its marker behind (killed, crashed, or cut at the shutdown deadline). */
  previous: RunMark | undefined;
  /** Removes the marker: called last on a clean shutdown only. */
  clear(): void;
}

/**
 * A file written when the server starts and removed when it stops cleanly (docs/decisions/0075): finding it
 * at the next start means the last run was killed or crashed, which the operator should hear of (messages in
 * flight are sent again after their lease; SQLite replays its WAL). One file per port, so several processes
 * sharing DATA_DIR on one machine each keep their own; PORT=0 keeps none.
 */
export function markRun(
  dataDir: string,
  port: number,
  now = new Date(),
  warn: (message: string) => void = (message) => console.warn(message),
): RunMarker {
  const none = { previous: undefined, clear: () => {} };
  // An ephemeral port (0: tests, one-off runs) names no run a later one could follow.
  if (port === 0) return none;
  const file = path.resolve(dataDir, `.running-${port}.json`);
  // On PostgreSQL DATA_DIR may be read-only or absent: the server runs on, without the marker.
  const cannot = (error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    warn(`Cannot keep the run marker ${file} (${code}): a start after an unclean stop will not be reported`);
  };
  let text: string | undefined;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    // No marker: the last run stopped cleanly (or this is the first).
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      cannot(error);
      return none;
    }
  }
  const previous = text === undefined ? undefined : runMarkOf(text);
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ pid: process.pid, startedAt: now.toISOString() } satisfies RunMark));
  } catch (error) {
    cannot(error);
    return { previous, clear: () => {} };
  }
  return { previous, clear: () => fs.rmSync(file, { force: true }) };
}

/** A marker cut short (killed while writing it) still says the run did not stop cleanly. */
function runMarkOf(text: string): RunMark {
  try {
    const read = JSON.parse(text) as Partial<RunMark>;
    return { pid: Number(read.pid), startedAt: String(read.startedAt) };
  } catch {
    return { pid: 0, startedAt: 'unknown' };
  }
}

export function uncleanStopMessage(previous: RunMark): string {
  return `The last run did not stop cleanly (pid ${previous.pid}, started ${previous.startedAt}): it was killed, crashed or failed to start. Messages it was sending go out again after their lease; check the log before this start for why it stopped.`;
}
