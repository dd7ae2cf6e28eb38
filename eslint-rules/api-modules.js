import fs from 'node:fs';
import path from 'node:path';

/**
 * The API's modules (apps/api/src/modules/*) and their public faces (docs/decisions/0093-api-modules-with-a-public-face.md).
 *
 * - `public-face`: from outside modules/B, an import of modules/B is of its index.ts only.
 * - `no-circle`: the modules' import graph has no circle. import-x/no-cycle sees circles of files only; this rule
 *   builds the graph of modules from the import statements of every module file (read once per lint run, with the
 *   file being linted read from its text) and refuses an import that closes a circle.
 *
 * Type-only imports (`import type`, `export type`) are erased from the running code and count for neither rule's
 * graph of circles; they still go through the index. Files the config names as `internals` (tests and test helpers)
 * may import any file and are left out of the graph.
 */

const IMPORT =
  /(?:^|[\n;])\s*(?:import|export)\s+(type\s+)?(?:[^;'"]*?\bfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]|\bimport\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** The module a file belongs to (its folder under modules/), or null for a file outside them. */
function moduleOf(modulesDir, file) {
  const rel = path.relative(modulesDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}

/** Is this path inside module `name` its index (index.js, index.ts or the folder itself)? */
function isIndex(modulesDir, name, target) {
  const rel = path.relative(path.join(modulesDir, name), target);
  return rel === '' || /^index(\.(js|ts))?$/.test(rel);
}

/** Does the file (its path from root, with /) match one of the patterns (regular expressions' sources)? */
function matches(patterns, file) {
  const posix = file.split(path.sep).join('/');
  return patterns.some((pattern) => new RegExp(pattern).test(posix));
}

/** Every module file's run-time imports of other modules: file -> Set of module names. */
const graphs = new Map();
function diskGraph(root, modulesDir, internals) {
  const key = `${modulesDir}\0${internals.join('\0')}`;
  let graph = graphs.get(key);
  if (graph) return graph;
  graph = new Map();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !matches(internals, path.relative(root, file))) {
        graph.set(file, modulesImported(modulesDir, file, fs.readFileSync(file, 'utf8')));
      }
    }
  };
  walk(modulesDir);
  graphs.set(key, graph);
  return graph;
}

function modulesImported(modulesDir, file, text) {
  const own = moduleOf(modulesDir, file);
  const found = new Set();
  for (const m of text.matchAll(IMPORT)) {
    if (m[1]) continue;
    const other = moduleOf(modulesDir, path.resolve(path.dirname(file), m[2] ?? m[3]));
    if (other && other !== own) found.add(other);
  }
  return found;
}

/** A path of modules from `from` to `to` over the graph's edges, or null. */
function pathBetween(edges, from, to) {
  const seen = new Set([from]);
  const queue = [[from]];
  while (queue.length) {
    const trail = queue.shift();
    for (const next of edges.get(trail.at(-1)) ?? []) {
      if (next === to) return [...trail, next];
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...trail, next]);
      }
    }
  }
  return null;
}

const options = [
  {
    type: 'object',
    properties: {
      root: { type: 'string' },
      modules: { type: 'string' },
      internals: { type: 'array', items: { type: 'string' } },
    },
    required: ['root', 'modules'],
    additionalProperties: false,
  },
];

/** Each import-like statement of the file with its string source. */
function visitImports(check) {
  const visit = (node) => node.source && typeof node.source.value === 'string' && check(node, node.source.value);
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

const publicFace = {
  meta: {
    type: 'problem',
    docs: { description: "Outside a module, import only the module's index.ts" },
    schema: options,
    messages: {
      deep: "'{{source}}' reaches inside module {{module}}: import what it makes public from its index.ts (add it there if another module needs it).",
    },
  },
  create(context) {
    const { root, modules, internals = [] } = context.options[0];
    const modulesDir = path.join(root, modules);
    const file = context.filename;
    if (matches(internals, path.relative(root, file))) return {};
    const own = moduleOf(modulesDir, file);
    return visitImports((node, source) => {
      if (!source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const other = moduleOf(modulesDir, target);
      if (!other || other === own || isIndex(modulesDir, other, target)) return;
      context.report({ node: node.source, messageId: 'deep', data: { source, module: other } });
    });
  },
};

const noCircle = {
  meta: {
    type: 'problem',
    docs: { description: 'No circle of imports between modules' },
    schema: options,
    messages: {
      circle:
        'Modules import each other in a circle ({{circle}}): move what both need into a lower module, or pass a function in where the app is wired (app.ts).',
    },
  },
  create(context) {
    const { root, modules, internals = [] } = context.options[0];
    const modulesDir = path.join(root, modules);
    const file = context.filename;
    const own = moduleOf(modulesDir, file);
    if (!own || matches(internals, path.relative(root, file))) return {};
    // The graph from the files on disk, with this file's imports taken from the text being linted.
    const edges = new Map();
    for (const [other, imported] of diskGraph(root, modulesDir, internals)) {
      if (other === file) continue;
      const from = moduleOf(modulesDir, other);
      if (!edges.has(from)) edges.set(from, new Set());
      for (const name of imported) edges.get(from).add(name);
    }
    const mine = edges.get(own) ?? new Set();
    edges.set(own, mine);
    const checks = [];
    const listener = visitImports((node, source) => {
      if (!source.startsWith('.') || node.importKind === 'type' || node.exportKind === 'type') return;
      const other = moduleOf(modulesDir, path.resolve(path.dirname(file), source));
      if (!other || other === own) return;
      mine.add(other);
      checks.push({ node, other });
    });
    return {
      ...listener,
      'Program:exit'() {
        const reported = new Set();
        for (const { node, other } of checks) {
          const back = pathBetween(edges, other, own);
          if (!back || reported.has(other)) continue;
          reported.add(other);
          context.report({ node: node.source, messageId: 'circle', data: { circle: [own, ...back].join(' -> ') } });
        }
      },
    };
  },
};

export default { meta: { name: 'api-modules' }, rules: { 'public-face': publicFace, 'no-circle': noCircle } };
