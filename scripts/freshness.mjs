import fs from 'node:fs';
import path from 'node:path';

/** Newest modification time of any file under the given paths (0 when none exist). */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      if (path.basename(p) === 'node_modules') return;
      for (const entry of fs.readdirSync(p)) visit(path.join(p, entry));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach(visit);
  return latest;
}

/** True when an output is missing or older than any of its inputs. */
export function isStale(output, inputs) {
  if (!fs.existsSync(output)) return true;
  return newest(inputs) > fs.statSync(output).mtimeMs;
}
