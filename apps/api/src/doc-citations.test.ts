import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every citation in the code and the documents resolves (decision 0095): a decision record cited by number or by
// file exists, and a section cited as `docs/product.md#orders`, `[...](architecture.md#outbox)` or `[...](#health)`
// names a heading the document has, by GitHub's rules for heading anchors.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DECISIONS = path.join(ROOT, 'docs/decisions');
const SKIP = new Set(['node_modules', 'dist', 'dist-ssr', 'test-results', 'playwright-report', 'coverage', '.git']);
const TEXT = /\.(ts|tsx|mjs|js|cjs|md|json|yml|yaml|html|css)$/;

/** The files that may cite: the documents, the code, its tests, tools and scripts (not the packages installed). */
function citingFiles(): string[] {
  const files: string[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (SKIP.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (TEXT.test(entry.name) && entry.name !== 'package-lock.json') files.push(full);
    }
  };
  for (const dir of ['docs', 'apps', 'packages', 'scripts', '.ci']) {
    if (fs.existsSync(path.join(ROOT, dir))) visit(path.join(ROOT, dir));
  }
  files.push(...['README.md', 'eslint.config.js', 'vitest.config.ts', 'knip.json'].map((f) => path.join(ROOT, f)));
  // This file cites wrongly on purpose, to show the check failing.
  return files.filter((file) => fs.existsSync(file) && file !== fileURLToPath(import.meta.url));
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens; repeats get -1, -2... */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

interface Citation {
  file: string;
  line: number;
  text: string;
}

/**
 * The citations of one file that do not resolve. `decisionNumbers` are the records that exist; `anchorsOf` gives the
 * anchors of a document (undefined when it does not exist).
 */
function brokenCitations(
  file: string,
  text: string,
  decisionFiles: string[],
  anchorsOf: (doc: string) => Set<string> | undefined,
): Citation[] {
  const broken: Citation[] = [];
  const numbers = new Set(decisionFiles.map((name) => name.slice(0, 4)));
  const isMarkdown = file.endsWith('.md');
  const lines = text.split('\n');
  lines.forEach((content, index) => {
    const report = (cited: string) => broken.push({ file, line: index + 1, text: cited });
    // A record by file: decisions/0087-files-keys-logs-and-proxies.md must be that file.
    for (const m of content.matchAll(/decisions\/(\d{4}-[\w.-]+?\.md)/g)) {
      if (!decisionFiles.includes(m[1]!)) report(m[0]);
    }
    // A record by number: docs/decisions/0070, "decision 0034", "decisions 0073, 0091 and 0089".
    for (const m of content.matchAll(/decisions\/(\d{4})(?![\d-])/g)) if (!numbers.has(m[1]!)) report(m[0]);
    for (const m of content.matchAll(/\b[Dd]ecisions?\s+((?:\d{4}(?:,\s*|\s+and\s+|\s*\/\s*)?)+)/g)) {
      for (const n of m[1]!.match(/\d{4}/g) ?? []) if (!numbers.has(n)) report(`${m[0].trim()} (${n})`);
    }
    // The team's brief outside the repository, cited by its file name: say it plainly or cite docs/architecture.md.
    for (const m of content.matchAll(/\bARCHITECTURE\.md\b/g)) {
      if (!anchorsOf(path.join(ROOT, m[0]))) report(m[0]);
    }
    // A section. A document's link [...](../product.md#orders) or [...](#outbox) is read from the document's folder,
    // as GitHub reads it; a plain docs/product.md#orders or product.md#orders from the repository's root and docs/.
    let rest = content;
    if (isMarkdown) {
      for (const m of content.matchAll(/\]\(((?:[\w.-]+\/)*[\w.-]+\.md)?#([\w-]+)\)/g)) {
        const target = m[1] ? path.resolve(path.dirname(file), m[1]) : file;
        if (!anchorsOf(target)?.has(m[2]!)) report(m[0]);
      }
      rest = content.replace(/\]\([^)]*\)/g, '](link)');
    }
    for (const m of rest.matchAll(/((?:[\w.-]+\/)*[\w.-]+\.md)#([\w-]+)/g)) {
      const cited = m[1]!;
      const target = path.resolve(ROOT, cited.startsWith('docs/') || cited === 'README.md' ? cited : `docs/${cited}`);
      if (!anchorsOf(target)?.has(m[2]!)) report(m[0]);
    }
  });
  return broken;
}

const decisionFiles = fs.readdirSync(DECISIONS).filter((name) => /^\d{4}-.*\.md$/.test(name));
const anchorCache = new Map<string, Set<string> | undefined>();
const anchorsOf = (doc: string) => {
  if (!anchorCache.has(doc))
    anchorCache.set(doc, fs.existsSync(doc) ? headingAnchors(fs.readFileSync(doc, 'utf8')) : undefined);
  return anchorCache.get(doc);
};

describe('citations resolve', () => {
  it('makes anchors as GitHub does', () => {
    const anchors = headingAnchors(
      '# Architecture\n## Health: liveness and readiness\n## Outbox\n## Outbox\n```\n# not\n```',
    );
    expect([...anchors]).toEqual(['architecture', 'health-liveness-and-readiness', 'outbox', 'outbox-1']);
  });

  it('every decision record and section cited in the code and the documents exists', () => {
    const files = citingFiles();
    expect(files.length).toBeGreaterThan(500);
    const broken = files.flatMap((file) =>
      brokenCitations(file, fs.readFileSync(file, 'utf8'), decisionFiles, anchorsOf).map(
        (c) => `${path.relative(ROOT, c.file)}:${c.line}: ${c.text}`,
      ),
    );
    expect(broken).toEqual([]);
  });

  it('fails on a missing record, a record named wrongly and a section that is not there', () => {
    const code = path.join(ROOT, 'apps/api/src/example.ts');
    const doc = path.join(ROOT, 'docs/example.md');
    const text = [
      '// decision 0036, docs/decisions/0063 and decisions 0013, 0071',
      '// docs/architecture.md#outbox and docs/architecture.md#the-outbox, docs/product.md#orders',
      '// as ARCHITECTURE.md says',
    ].join('\n');
    expect(brokenCitations(code, text, decisionFiles, anchorsOf).map((c) => c.text)).toEqual([
      'decisions/0063',
      'decision 0036, (0036)',
      'decisions 0013, 0071 (0071)',
      'docs/architecture.md#the-outbox',
      'ARCHITECTURE.md',
    ]);
    const markdown = '[a](decisions/0009-outbox.md), [b](architecture.md#outbox), [c](#no-such-heading)';
    expect(brokenCitations(doc, markdown, decisionFiles, anchorsOf).map((c) => c.text)).toEqual([
      'decisions/0009-outbox.md',
      '](#no-such-heading)',
    ]);
  });
});
