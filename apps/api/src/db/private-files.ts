import fs from 'node:fs';

/**
 * The SQLite database, its -wal and -shm, and the backups hold people's details and the sealed two-step secrets:
 * only the server's own user may read them (issue 35, decision 0087). Modes are set with chmod, so the umask
 * cannot widen them, and existing files and folders are narrowed at start where this user owns them.
 */
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

/** Ours to narrow: owned by this user and not a shared folder (sticky, such as /tmp), where chmod would hurt others. */
function ours(stat: fs.Stats): boolean {
  const uid = process.getuid?.();
  return (uid === undefined || stat.uid === uid) && (stat.mode & 0o1000) === 0;
}

function narrow(target: string, mode: number): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (ours(stat) && (stat.mode & 0o777) !== mode) fs.chmodSync(target, mode);
}

/** Creates `dir` (and its parents) if need be, and makes it 0700 when it is ours. */
export function privateFolder(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: FOLDER_MODE });
  narrow(dir, FOLDER_MODE);
}

/** Makes each existing file 0600 when it is ours. */
export function privateFiles(...files: string[]): void {
  for (const file of files) narrow(file, FILE_MODE);
}

/**
 * Creates `file` empty and 0600 if it does not exist (SQLite would create it 0644), so SQLite gives the -wal and
 * -shm it creates beside it the same 0600; narrows an existing one and its -wal and -shm.
 */
export function privateDatabaseFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', FILE_MODE));
  privateFiles(file, `${file}-wal`, `${file}-shm`, `${file}-journal`);
}
