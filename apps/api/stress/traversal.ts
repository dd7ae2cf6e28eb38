// Path traversal probes against GET /api/images/{name}: every way we know to spell "go up a folder",
// aimed at files that exist on the machine. Sent raw over a socket (an in-process inject would resolve
// the dots before the server saw them). A leak is any 200 whose body is not an image we stored, or any
// response carrying a piece of a private file.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export interface Probe {
  /** The request target exactly as sent; characters above 0x7f stand for raw bytes (latin1). */
  target: string;
  note: string;
}

/** "../" in every spelling (plain, encoded, double-encoded, backslashes, overlong UTF-8, lookalike dots), with the separator that goes with it. */
const UP = [
  ['../', '/', 'plain'],
  ['..%2f', '%2f', 'encoded slash'],
  ['..%2F', '%2F', 'encoded slash, upper case'],
  ['%2e%2e/', '/', 'encoded dots'],
  ['%2e%2e%2f', '%2f', 'all encoded'],
  ['%2E%2E%2F', '%2F', 'all encoded, upper case'],
  ['.%2e/', '/', 'half encoded'],
  ['..%5c', '%5c', 'encoded backslash'],
  ['..\\', '\\', 'backslash'],
  ['%252e%252e%252f', '%252f', 'double-encoded'],
  ['..%252f', '%252f', 'double-encoded slash'],
  ['%c0%ae%c0%ae%c0%af', '%c0%af', 'overlong UTF-8'],
  ['%e0%80%ae%e0%80%ae/', '/', 'three-byte overlong dots'],
  ['....//', '/', 'doubled, for a filter that strips ../ once'],
  ['..;/', '/', 'path parameter'],
  ['%e2%80%a5/', '/', 'two dot leader U+2025'],
  ['%ef%bc%8e%ef%bc%8e%ef%bc%8f', '%ef%bc%8f', 'fullwidth dots and slash'],
  ['%u002e%u002e%u2215', '%u2215', 'IIS %u encoding'],
  ['..%00/', '/', 'null byte between'],
  ['..%c1%9c', '%c1%9c', 'overlong backslash'],
] as const;

const SUFFIXES = [
  '',
  '%00',
  '%00.webp',
  '%2500.webp',
  '?w=400',
  '?w=400&h=500&fit=cover&q=80',
  '#.webp',
  ';.webp',
  '/.',
  '%20',
  '.',
  '%0a',
];
const BASES = ['/api/images/', '/api/images/hero/'];

export interface ProbeTargets {
  /** A stored image name the server serves (a real file name to hide a traversal behind). */
  realName: string;
  /** Files that exist on this machine, as absolute paths (the server's cwd is `cwd`). */
  files: string[];
  cwd: string;
}

/** `depth` times up, then `rel` (a path with '/') with its separators spelled the same way. */
function spell(rel: string, up: string, separator: string, depth: number): string {
  return up.repeat(depth) + rel.split('/').map(encodeURIComponent).join(separator);
}

export function traversalProbes({ realName, files, cwd }: ProbeTargets): Probe[] {
  const probes: Probe[] = [];
  let i = 0;
  const next = <T>(list: readonly T[]) => list[i++ % list.length]!;
  for (const file of files) {
    const rel = path.relative(cwd, file).split(path.sep).join('/');
    const fromRoot = file.replace(/^\/+/, '');
    for (const [up, separator, how] of UP) {
      for (const [target, depth] of [
        [rel, 4],
        [fromRoot, 9],
      ] as const) {
        const base = next(BASES);
        probes.push({
          target: `${base}${spell(target, up, separator, depth)}${next(SUFFIXES)}`,
          note: `${how}, ${depth} up, ${path.basename(file)}`,
        });
      }
    }
    // Absolute paths, encoded and not, and as URLs.
    for (const spelled of [
      file,
      encodeURIComponent(file),
      `file:${encodeURIComponent(`//${file}`)}`,
      file.replace(/\//g, '%5c'),
      `%2f${encodeURIComponent(fromRoot)}%00.webp`,
    ]) {
      probes.push({ target: `/api/images/${spelled}`, note: `absolute ${path.basename(file)}` });
    }
  }
  const real = realName;
  const stem = real.replace(/\.webp$/, '');
  const pkg = 'package.json';
  const special: [string, string][] = [
    [`/api/images/${real}/../../../../${pkg}`, 'behind a real name, raw'],
    [`/api/images/${real}%2f..%2f..%2f..%2f${pkg}`, 'behind a real name, encoded'],
    [`/api/images/${real}%00.png`, 'real name, null byte, other extension'],
    [`/api/images/${real}%00..%2f..%2fetc%2fpasswd`, 'real name, null byte, traversal'],
    [`/api/images/${real}/`, 'real name as a folder'],
    [`/api/images/${real}.`, 'trailing dot'],
    [`/api/images/${real}%20`, 'trailing space'],
    [`/api/images/${real}::$DATA`, 'NTFS stream'],
    [`/api/images/..%2f${real}`, 'up then a real name'],
    [`/api/images/.%2f${real}`, 'current folder'],
    [`/api/images/./${real}`, 'current folder, raw'],
    [`/api/images/${stem.toUpperCase()}.webp`, 'upper-case name'],
    [`/api/images/${stem}.WEBP`, 'upper-case extension'],
    [`/api/images/${stem}.webp.png`, 'double extension'],
    [`/api/images/${stem}`, 'no extension'],
    [`/api/images/${stem.replace(/a/, '%d0%b0')}.webp`, 'Cyrillic a lookalike'],
    [`/api/images/${stem.replace(/\d/, (d) => `%ef%bc%9${d}`)}.webp`, 'fullwidth digit lookalike'],
    [`/api/images/${stem}.%ef%bd%97ebp`, 'fullwidth w in the extension'],
    [`/api/images/${stem}%e2%80%8b.webp`, 'zero-width space'],
    [`/api/images/${encodeURIComponent(encodeURIComponent(real))}`, 'double-encoded real name'],
    [`/api/images/${real}?w=..%2f..%2fetc%2fpasswd`, 'traversal in the width'],
    [`/api/images/${real}?w=400&fit=..%2f..%2f${pkg}`, 'traversal in fit'],
    [`/api/images/${real}?q=%00`, 'null byte in quality'],
    [`/api/images/${real}?w=400&w=../../etc/passwd`, 'repeated width'],
    [`/api/images/hero-..%2f..%2f${pkg}`, 'hero prefix, traversal'],
    [`/api/images/hero-%2e%2e.webp`, 'hero prefix, encoded dots'],
    [`/api/images/hero/..%2f${real}`, 'hero folder, up, real name'],
    [`/api/images/../../../../etc/passwd`, 'raw dots after the route'],
    [`/api/images/%2e%2e/%2e%2e/%2e%2e/${pkg}`, 'encoded dot segments'],
    [`/api//images/../../../../etc/passwd`, 'doubled slash'],
    [`/api/images/.%00./.%00./etc/passwd`, 'null byte inside dots'],
    [`/api/images/${'..%2f'.repeat(200)}etc%2fpasswd`, '200 levels up'],
    [`/api/images/${'a'.repeat(4000)}.webp`, 'very long name'],
    [`/api/images/%00`, 'only a null byte'],
    [`/api/images/%`, 'lone percent'],
    [`/api/images/%zz`, 'bad escape'],
    [`/api/images/~root%2f.ssh%2fid_rsa`, 'home folder'],
    [`/api/images/%2fproc%2fself%2fenviron`, 'process environment'],
    [`/api/images/%2fproc%2fself%2fcmdline`, 'process command line'],
    [`/api/images/C:%5cWindows%5cwin.ini`, 'drive letter'],
    [`/api/images/%5c%5c127.0.0.1%5cshare%5cx.webp`, 'UNC path'],
  ];
  for (const [target, note] of special) probes.push({ target, note });
  return probes;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One GET with the request target as given (no client-side resolution of dots or re-encoding). */
export function rawGet(port: number, target: string, host = '127.0.0.1'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host, port, method: 'GET', path: target, agent: false, headers: { connection: 'close' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Short pieces of the private files: seeing one in any response is a leak even in a 404's body. */
export function secretsOf(files: string[]): Buffer[] {
  const pieces: Buffer[] = [];
  for (const file of files) {
    try {
      const head = fs.readFileSync(file).subarray(0, 4096);
      // A line long enough to be unmistakable.
      const line = head
        .toString('latin1')
        .split('\n')
        .find((l) => l.trim().length >= 12);
      if (line) pieces.push(Buffer.from(line.trim().slice(0, 40), 'latin1'));
    } catch {
      // not readable here: nothing to compare against
    }
  }
  pieces.push(Buffer.from('SQLite format 3\u0000', 'latin1'));
  return pieces;
}

export interface TraversalFigures {
  probes: number;
  statuses: Record<string, number>;
  serverErrors: number;
  leaks: number;
  bytesLeaked: number;
  examples: { target: string; note: string; status: number; why: string }[];
}

/**
 * Sends every probe and judges the answers. `storedHashes` is read after the probes (the probes may have
 * rendered and cached variants): the SHA-256 of every stored image and variant.
 */
export async function runProbes(
  port: number,
  probes: Probe[],
  secrets: Buffer[],
  storedHashes: () => Promise<Set<string>>,
): Promise<TraversalFigures> {
  const f: TraversalFigures = { probes: 0, statuses: {}, serverErrors: 0, leaks: 0, bytesLeaked: 0, examples: [] };
  const ok: { probe: Probe; body: Buffer }[] = [];
  for (const probe of probes) {
    const res = await rawGet(port, probe.target);
    f.probes++;
    f.statuses[res.status] = (f.statuses[res.status] ?? 0) + 1;
    if (res.status >= 500) {
      f.serverErrors++;
      f.examples.push({
        target: probe.target,
        note: probe.note,
        status: res.status,
        why: res.body.toString('utf8').slice(0, 200),
      });
    }
    const secret = secrets.find((s) => res.body.includes(s));
    if (secret) {
      f.leaks++;
      f.bytesLeaked += res.body.length;
      f.examples.push({
        target: probe.target,
        note: probe.note,
        status: res.status,
        why: `body contains ${JSON.stringify(secret.toString('latin1'))}`,
      });
    } else if (res.status === 200) ok.push({ probe, body: res.body });
  }
  const stored = await storedHashes();
  for (const { probe, body } of ok) {
    if (stored.has(sha256(body))) continue;
    f.leaks++;
    f.bytesLeaked += body.length;
    f.examples.push({
      target: probe.target,
      note: probe.note,
      status: 200,
      why: `200 with ${body.length} bytes that are no stored image`,
    });
  }
  return f;
}

export { sha256 };
