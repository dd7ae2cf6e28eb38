import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// docs/architecture.md is kept true by this test (decision 0095): every module folder, plugin file and background
// job of the API is named in it, and its table-owner map names every table of db/schema.ts once, with an owner that
// exists. Each check is a function of the document's text, so the tests below also show it failing on a text with
// one line taken out.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const API = path.join(ROOT, 'apps/api/src');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface Facts {
  modules: string[];
  plugins: string[];
  jobs: string[];
  tables: string[];
}

/** What the code has: module folders, plugin files, the jobs' `track` names and the tables of `Database`. */
function factsOfTheCode(): Facts {
  const modules = fs
    .readdirSync(path.join(API, 'modules'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const plugins = fs
    .readdirSync(path.join(API, 'plugins'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => file.slice(0, -'.ts'.length));
  // Every job runs through `track(name, ...)`, the name its metrics carry as `task` (decision 0090).
  const jobs = [...read('apps/api/src/plugins/jobs.ts').matchAll(/track\(\s*'([a-z_]+)'/g)].map((m) => m[1]!);
  const schema = read('apps/api/src/db/schema.ts');
  const database = /export interface Database \{([\s\S]*?)\n\}/.exec(schema)?.[1] ?? '';
  const tables = [...database.matchAll(/^ {2}([a-z_]+): /gm)].map((m) => m[1]!);
  return { modules, plugins, jobs, tables };
}

/** The rows of the table under `## Table owners`: first column the table, second the owner, both in backticks. */
function tableOwners(doc: string): { table: string; owner: string }[] {
  const section = /^## Table owners\n([\s\S]*?)(?=^## )/m.exec(doc)?.[1] ?? '';
  return [...section.matchAll(/^\| `([a-z_]+)` +\| `([a-z-]+)` +\|/gm)].map((m) => ({ table: m[1]!, owner: m[2]! }));
}

/** What docs/architecture.md fails to say about the code, one line per gap; empty when it is complete. */
function gapsInArchitecture(doc: string, facts: Facts): string[] {
  const gaps: string[] = [];
  const names = (pattern: string) => new RegExp(`${pattern}(?![\\w-])`).test(doc);
  for (const module of facts.modules)
    if (!names(`modules/${module}`)) gaps.push(`module folder modules/${module} is not named`);
  for (const plugin of facts.plugins)
    if (!names(`plugins/${plugin}\\.ts`)) gaps.push(`plugin plugins/${plugin}.ts is not named`);
  for (const job of facts.jobs) if (!names(`\`${job}\``)) gaps.push(`job \`${job}\` is not named`);
  const owners = tableOwners(doc);
  const owned = new Map<string, string[]>();
  for (const { table, owner } of owners) owned.set(table, [...(owned.get(table) ?? []), owner]);
  for (const table of facts.tables) {
    const found = owned.get(table) ?? [];
    if (found.length === 0) gaps.push(`table ${table} has no owner`);
    if (found.length > 1) gaps.push(`table ${table} has ${found.length} owners`);
  }
  for (const { table, owner } of owners) {
    if (!facts.tables.includes(table)) gaps.push(`the owner map names ${table}, which db/schema.ts does not have`);
    // `db` is apps/api/src/db: the catalogue's version tables and the app's own settings, read by every process.
    if (owner !== 'db' && !facts.modules.includes(owner)) gaps.push(`${table}'s owner ${owner} is not a module`);
  }
  return gaps;
}

const SKIP = new Set(['node_modules', 'dist', 'dist-ssr', 'test-results', 'playwright-report', '.git']);

/** Every file of the repository, as paths from its root (not installed packages nor build output). */
function repositoryFiles(): string[] {
  const files: string[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      if (SKIP.has(entry.name)) continue;
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) visit(relative);
      else files.push(relative);
    }
  };
  visit('');
  return files;
}

/**
 * The files the page names in backticks (`plugins/jobs.ts`, `place.ts`) that no file of the repository ends with.
 * Build output, placeholders (`NNNN-name.ts`, `{name}`) and URLs are not files of the repository.
 */
function missingFiles(doc: string, files: string[]): string[] {
  const named = [...doc.matchAll(/`([\w./-]+\.(?:ts|tsx|mjs|js|json|po))`/g)].map((m) => m[1]!);
  const built = (name: string) => name.startsWith('/') || /(^|\/)dist(-ssr)?\/|NNNN|DATA_DIR/.test(name);
  return [...new Set(named)].filter(
    (name) => !built(name) && !files.some((file) => file === name || file.endsWith(`/${name}`)),
  );
}

const without = (doc: string, line: RegExp) => {
  const lines = doc.split('\n');
  const index = lines.findIndex((text) => line.test(text));
  expect(index, `a line matching ${line}`).toBeGreaterThanOrEqual(0);
  return [...lines.slice(0, index), ...lines.slice(index + 1)].join('\n');
};

describe('docs/architecture.md names what the API has', () => {
  const doc = read('docs/architecture.md');
  const facts = factsOfTheCode();

  it('finds the code it checks against', () => {
    expect(facts.modules).toContain('orders');
    expect(facts.plugins).toContain('jobs');
    expect(facts.jobs).toEqual(expect.arrayContaining(['order_expiry', 'order_reminders', 'outbox', 'backup']));
    expect(facts.tables).toEqual(expect.arrayContaining(['products', 'ledger_entries', 'outbox_messages']));
  });

  it('names every module folder, plugin file and job, and gives every table one owner that exists', () => {
    expect(gapsInArchitecture(doc, facts)).toEqual([]);
  });

  it('names only files that exist', () => {
    const files = repositoryFiles();
    expect(missingFiles(doc, files)).toEqual([]);
    expect(missingFiles('`plugins/jobs.ts`, `place.ts`, `plugins/cron.ts`, `dist/server.js`', files)).toEqual([
      'plugins/cron.ts',
    ]);
  });

  it('fails when a table-owner line, a module, a plugin or a job is taken out', () => {
    expect(gapsInArchitecture(without(doc, /^\| `ledger_entries` /), facts)).toEqual([
      'table ledger_entries has no owner',
    ]);
    const noReminders = doc.replaceAll('`order_reminders`', 'the reminders');
    expect(gapsInArchitecture(noReminders, facts)).toEqual(['job `order_reminders` is not named']);
    const noShopScope = doc.replaceAll('plugins/shop-scope.ts', 'the scope');
    expect(gapsInArchitecture(noShopScope, facts)).toEqual(['plugin plugins/shop-scope.ts is not named']);
    const noDevices = doc.replaceAll(/modules\/devices(?![\w-])/g, 'devices');
    expect(gapsInArchitecture(noDevices, facts)).toEqual(['module folder modules/devices is not named']);
  });

  it('fails when the map names a table or an owner that does not exist', () => {
    const rows = '| `ledgers` | `ledger` | x |\n| `orders` | `ordering` | x |\n';
    const doc2 = doc.replace(/^(## Table owners\n[\s\S]*?\n)(?=\| `)/m, `$1${rows}`);
    expect(gapsInArchitecture(doc2, facts)).toEqual([
      'table orders has 2 owners',
      'the owner map names ledgers, which db/schema.ts does not have',
      "orders's owner ordering is not a module",
    ]);
  });
});
