import fs from 'node:fs';
import path from 'node:path';

/**
 * One repository per table (docs/decisions/0097-one-repository-per-table.md).
 *
 * - A query-builder call (`selectFrom`, `insertInto`, `updateTable`, `deleteFrom`, `replaceInto`, `mergeInto`) and
 *   a raw `sql` template are written only in a module's repository files: `modules/<m>/repository.ts` or any file
 *   under `modules/<m>/repository/`.
 * - The table a query starts from, or writes, is owned by that module: the owner is read from the table of
 *   "## Table owners" in docs/architecture.md, so the document is the map and cannot drift from the rule.
 *   A join, and a sub-query inside a query's condition or selection, may read another module's table: it is part
 *   of a read of the module's own table, and never writes.
 * - Files named in `exceptions` (each with why, in eslint.config.js) are left alone.
 */

const QUERIES = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);
const WRITES = new Set(['insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);
// Methods whose arguments hold a sub-query that reads for the query around it.
const INNER = new Set(['where', 'orWhere', 'having', 'select', 'exists', 'not', 'and', 'or', 'whereRef', 'in']);
const RAW_WRITE = /\b(?:update|insert\s+into|delete\s+from)\s+"?([a-z_][a-z0-9_]*)/gi;

const owners = new Map();
/** table -> owning module, from the document's table (read once per lint run). */
function ownersFrom(root, doc) {
  const file = path.join(root, doc);
  let map = owners.get(file);
  if (map) return map;
  map = new Map();
  const text = fs.readFileSync(file, 'utf8');
  const section = text.split(/^## Table owners\s*$/m)[1]?.split(/^## /m)[0] ?? '';
  for (const row of section.matchAll(/^\|\s*`([a-z_0-9]+)`\s*\|\s*`([a-z-]+)`\s*\|/gm)) map.set(row[1], row[2]);
  owners.set(file, map);
  return map;
}

function matching(exceptions, file) {
  const posix = file.split(path.sep).join('/');
  return exceptions.find((exception) => new RegExp(exception.files).test(posix));
}

/** The module (folder under modules/) and whether the file is one of its repository files. */
function placeOf(modulesDir, file) {
  const rel = path.relative(modulesDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return { module: null, repository: false };
  const parts = rel.split(path.sep);
  if (parts.length < 2) return { module: null, repository: false };
  const repository = parts[1] === 'repository.ts' || (parts[1] === 'repository' && parts.length > 2);
  return { module: parts[0], repository };
}

/** The table named by a query's first argument ('products', 'products as p'), or null. */
function tableOf(node) {
  let first = node.arguments[0];
  while (first?.type === 'TSAsExpression' || first?.type === 'TSSatisfiesExpression') first = first.expression;
  if (first?.type !== 'Literal' || typeof first.value !== 'string') return null;
  return first.value.split(/\s+as\s+/i)[0].trim();
}

/** The root identifier of a call chain (`trx` of `trx.selectFrom(...)`, `eb` of `eb.selectFrom(...)`). */
function rootName(node) {
  let current = node;
  while (current) {
    if (current.type === 'Identifier') return current.name;
    if (current.type === 'MemberExpression') current = current.object;
    else if (current.type === 'CallExpression') current = current.callee;
    else if (current.type === 'TSNonNullExpression') current = current.expression;
    else return null;
  }
  return null;
}

/** Is this query a sub-query of another (an argument, however deep, of a condition or selection)? */
function isInner(node) {
  if (rootName(node.callee) === 'eb') return true;
  for (let current = node.parent; current; current = current.parent) {
    if (
      current.type === 'CallExpression' &&
      current.callee.type === 'MemberExpression' &&
      current.callee.property.type === 'Identifier' &&
      INNER.has(current.callee.property.name) &&
      current.arguments.some((argument) => contains(argument, node))
    ) {
      return true;
    }
    if (current.type === 'Program') return false;
  }
  return false;
}

function contains(outer, inner) {
  return inner.range[0] >= outer.range[0] && inner.range[1] <= outer.range[1];
}

function isSqlTag(tag) {
  const name = rootName(tag);
  return name === 'sql';
}

const tableOwner = {
  meta: {
    type: 'problem',
    docs: { description: "SQL in the owning module's repository files" },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          modules: { type: 'string' },
          ownersDoc: { type: 'string' },
          exceptions: {
            type: 'array',
            items: {
              type: 'object',
              properties: { files: { type: 'string' }, why: { type: 'string' } },
              required: ['files', 'why'],
              additionalProperties: false,
            },
          },
        },
        required: ['root', 'modules', 'ownersDoc'],
        additionalProperties: false,
      },
    ],
    messages: {
      outside:
        "SQL lives in a module's repository files (repository.ts or repository/): move this query there and call it.",
      foreign:
        "Table '{{table}}' belongs to module {{owner}} (docs/architecture.md#table-owners): call a function of its index.ts instead.",
      unknown: "Table '{{table}}' has no owner in docs/architecture.md#table-owners: add it there.",
    },
  },
  create(context) {
    const { root, modules, ownersDoc, exceptions = [] } = context.options[0];
    const file = context.filename;
    const rel = path.relative(root, file);
    if (matching(exceptions, rel)) return {};
    const map = ownersFrom(root, ownersDoc);
    const place = placeOf(path.join(root, modules), file);
    const checkTable = (node, table, write) => {
      const owner = map.get(table);
      if (!owner) context.report({ node, messageId: 'unknown', data: { table } });
      else if (owner !== place.module && (write || !isInner(node))) {
        context.report({ node, messageId: 'foreign', data: { table, owner } });
      }
    };
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const method = callee.property.name;
        if (rootName(callee) === 'sql' && callee.object.type === 'Identifier') {
          // sql.raw, sql.ref, sql.lit, sql.join...: raw SQL too.
          if (!place.repository) context.report({ node, messageId: 'outside' });
          return;
        }
        if (!QUERIES.has(method)) return;
        if (!place.repository) {
          context.report({ node, messageId: 'outside' });
          return;
        }
        const table = tableOf(node);
        if (table) checkTable(node, table, WRITES.has(method));
      },
      TaggedTemplateExpression(node) {
        if (!isSqlTag(node.tag)) return;
        if (!place.repository) {
          context.report({ node, messageId: 'outside' });
          return;
        }
        const text = node.quasi.quasis.map((quasi) => quasi.value.cooked ?? '').join(' ');
        for (const write of text.matchAll(RAW_WRITE)) checkTable(node, write[1].toLowerCase(), true);
      },
    };
  },
};

export default { meta: { name: 'table-owner' }, rules: { 'table-owner': tableOwner } };
