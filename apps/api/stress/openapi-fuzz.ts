// Requests for every operation of the OpenAPI document, generated with fast-check: mostly valid-ish, so
// they get past validation into the handlers and the database, with hostile values mixed in so they
// also reach every error path. Used by the quick test (app.inject) and by `npm run stress` (over HTTP to
// the built server): the caller says how a request is sent and how an identity logs in again.
import fc from 'fast-check';

export const IDENTITIES = ['anonymous', 'User', 'Moderator', 'Admin'] as const;
export type Identity = (typeof IDENTITIES)[number];

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  nullable?: boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  const?: unknown;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}

export interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>
  >;
}

export interface Operation {
  /** 'POST /v1/orders', as the document names it (below the /api base). */
  key: string;
  method: string;
  path: string;
  parameters: Parameter[];
  json: Schema | undefined;
  /** The form's field names when the operation reads multipart/form-data (the document does not say which). */
  form: readonly string[] | undefined;
}

/** What the server reads from the multipart forms (packages/shared: sell, admin request, product create/update). */
const SELL_FORM = [
  'item_name',
  'description',
  'price',
  'seller_name',
  'phone',
  'email',
  'location',
  'notify_on_offer',
  'terms_accepted',
  'create_seller_account',
];
const MULTIPART_FORMS: Record<string, readonly string[]> = {
  'POST /v1/sells': SELL_FORM,
  'POST /admin/seller-requests': SELL_FORM,
  'POST /admin/products/create': [
    'item_name',
    'description',
    'price',
    'location',
    'category_id',
    'shop_id',
    'published',
    'notifyOnOrder',
  ],
  'PUT /admin/products/{id}': [
    'name',
    'currency',
    'category_id',
    'shop_id',
    'location',
    'price',
    'sale_price',
    'description',
    'published',
    'existingImages',
    'deletedImages',
  ],
};

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const key = `${method.toUpperCase()} ${path}`;
      ops.push({
        key,
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        json: op.requestBody?.content?.['application/json']?.schema,
        form: MULTIPART_FORMS[key],
      });
    }
  }
  return ops;
}

/** Real things on the server, so that valid-ish requests find something: ids, status-link tokens, image names. */
export interface FuzzContext {
  ids: number[];
  tokens: string[];
  imageNames: string[];
  /** A small valid photo for the multipart forms. */
  photo: Buffer;
}

export interface FuzzPlan {
  operation: string;
  identity: Identity;
  method: string;
  /** The request target, as sent (only printable ASCII: anything else is percent-encoded). */
  url: string;
  headers: Record<string, string>;
  /** Replaces the identity's bearer token (a hostile Authorization header). */
  authorization?: string;
  body?: Buffer;
  /** The client's address: remoteAddress in-process, X-Forwarded-For over HTTP to a server trusting one proxy. */
  client: string;
}

// ---------------------------------------------------------------------------------------------------
// Values

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\t\n',
  '../',
  '../../../../etc/passwd',
  '..%2f..%2fpackage.json',
  '..\\..\\windows\\win.ini',
  '%00',
  '\u0000',
  'a\u0000b',
  '%',
  '%zz',
  '%%32%65',
  '\u202e\u0644\u0627',
  '\u200b',
  '\ud800',
  '\udfff',
  '𝕏𝔂𝔃',
  'ＡＢＣ１２３',
  'İı',
  'ß',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; drop table users; --',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '0x1f',
  '1.5',
  ' 12 ',
  '12abc',
  '9'.repeat(40),
  '-9007199254740993',
  'true',
  '[]',
  '{}',
  'S-AAAAA',
  'admin@marketplace.mw',
];

const huge = fc
  .constantFrom(70_000, 300_000)
  .chain((n) => fc.constantFrom('A'.repeat(n), 'é'.repeat(n / 2), '😀'.repeat(n / 4), '%'.repeat(n)));
const numbers = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0,
    1.5,
    -(2 ** 31),
    2 ** 31,
    2 ** 53 + 2,
    -(2 ** 63),
    1e308,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
  ),
  fc.double(), // NaN and Infinity become null in JSON
  fc.integer(),
);
/** An object or array nested deeper than any form would be. */
const deep = fc.integer({ min: 50, max: 3000 }).map((n) => {
  let v: unknown = 'x';
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v };
  return v;
});
const pollution = fc.constantFrom<unknown>(JSON.parse('{"__proto__":{"role":"Admin","isAdmin":true}}'), {
  constructor: { prototype: { role: 'Admin' } },
});

/** Anything a field should never receive. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 6 },
  { arbitrary: huge, weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: numbers, weight: 3 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}), weight: 2 },
  { arbitrary: fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 4 }), weight: 1 },
  { arbitrary: deep, weight: 1 },
  { arbitrary: pollution, weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
);

/** The value one time in `n`, else undefined. (fc.option's `freq` is the other way round: nil one time in freq.) */
const rarely = <T>(arb: fc.Arbitrary<T>, n: number): fc.Arbitrary<T | undefined> =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: n - 1 }, { arbitrary: arb, weight: 1 });

const typesOf = (s: Schema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** Where a value is generated: the field's name, the fuzz's ids and tokens, and how deep in the body. */
interface Place {
  name: string;
  ctx: FuzzContext;
  depth?: number;
}

/**
 * A value the schema accepts, guided by the field's name where the schema leaves it open (ids and tokens
 * that exist, a phone number, an email). `strict`: every part valid; otherwise the parts of an object are
 * each sometimes hostile, and the object may miss a required field or carry extra ones.
 */
function validFor(schema: Schema, strict: boolean, { name, ctx, depth = 0 }: Place): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validFor(s, strict, { name, ctx, depth })));
  if (schema.allOf?.length) return validFor(schema.allOf[0]!, strict, { name, ctx, depth });
  const type = typesOf(schema).find((t) => t !== 'null') ?? (schema.properties ? 'object' : 'string');
  switch (type) {
    case 'integer':
    case 'number': {
      if (/(^|_)id$|productid/i.test(name) && ctx.ids.length)
        return strict
          ? fc.constantFrom(...ctx.ids)
          : fc.oneof(fc.constantFrom(...ctx.ids), fc.integer({ min: 1, max: 60 }));
      // The row version an action was read at (orders): small, since rows change a few times at most.
      if (name === 'version') return fc.integer({ min: 1, max: 4 });
      const exclusive = schema.exclusiveMinimum === true ? 1 : 0;
      const min = Math.max(
        typeof schema.exclusiveMinimum === 'number'
          ? schema.exclusiveMinimum + 1
          : (schema.minimum ?? -1e6) + exclusive,
        -(2 ** 31),
      );
      const max = Math.min(schema.maximum ?? 1e7, 2 ** 31 - 1);
      return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const item = schema.items
        ? validFor(schema.items, strict, { name, ctx, depth: depth + 1 })
        : fc.string({ maxLength: 5 });
      const minLength = schema.minItems ?? 0;
      return fc.array(item, {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 4, strict ? 2 : 4)),
      });
    }
    case 'object':
      return depth > 4 ? fc.constant({}) : objectFor(schema, ctx, strict, depth + 1);
    default:
      return stringFor(schema, name.toLowerCase(), ctx, strict);
  }
}

const plainEmail = fc.tuple(fc.stringMatching(/^[a-z]{3,10}$/), fc.nat()).map(([who, n]) => `${who}.${n}@example.mw`);

function stringFor(schema: Schema, name: string, ctx: FuzzContext, strict: boolean): fc.Arbitrary<string> {
  if (name.includes('token') && ctx.tokens.length) return fc.constantFrom(...ctx.tokens);
  if (name.includes('filename') && ctx.imageNames.length) return fc.constantFrom(...ctx.imageNames);
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // a pattern JavaScript cannot read: fall through to plain strings
    }
  }
  if (/(^|_)id$|productid/.test(name) && ctx.ids.length) return fc.constantFrom(...ctx.ids).map(String);
  if (schema.format === 'email' || name.includes('email'))
    return strict ? plainEmail : fc.oneof(fc.emailAddress(), plainEmail);
  if (name.includes('phone'))
    return fc.constantFrom(
      '+265 999 123 456',
      '0999123456',
      '0888 765 432',
      '265 888-765-432',
      ...(strict ? [] : ['12345']),
    );
  if (name.includes('password')) return fc.stringMatching(/^[A-Za-z0-9]{10,24}$/);
  if (/price|amount/.test(name)) return fc.integer({ min: 1, max: 5_000_000 }).map(String);
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 60, 60));
  const words = fc.lorem({ maxCount: 3 }).map((s) => s.slice(0, maxLength).padEnd(Math.max(minLength, 1), 'x'));
  if (strict) return words;
  return fc.oneof(
    fc.string({ unit: 'grapheme-ascii', minLength, maxLength }),
    fc.string({ unit: 'grapheme', minLength, maxLength }),
    words,
  );
}

function objectFor(
  schema: Schema,
  ctx: FuzzContext,
  strict: boolean,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema.properties ?? {});
  const model = Object.fromEntries(
    props.map(([k, s]) => [k, strict ? validFor(s, true, { name: k, ctx, depth }) : valueFor(s, k, ctx, depth)]),
  );
  const required = (schema.required ?? []).filter((k) => k in model);
  const record = fc.record(model, { requiredKeys: required }) as fc.Arbitrary<Record<string, unknown>>;
  if (strict) return record;
  return fc.oneof(
    { arbitrary: record, weight: 6 },
    // A required field left out, or fields nobody asked for.
    {
      arbitrary: fc.tuple(record, fc.nat()).map(([r, i]) => {
        const keys = Object.keys(r);
        if (keys.length) delete r[keys[i % keys.length]!];
        return r;
      }),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(record, fc.dictionary(fc.string({ maxLength: 12 }), hostile, { maxKeys: 3 }))
        .map(([r, extra]) => ({ ...extra, ...r })),
      weight: 1,
    },
  );
}

/** All valid a third of the time; else mostly valid parts, sometimes null where it may be null, sometimes anything at all. */
function valueFor(schema: Schema, name: string, ctx: FuzzContext, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: validFor(schema, true, { name, ctx, depth }), weight: 4 },
    { arbitrary: validFor(schema, false, { name, ctx, depth }), weight: 5 },
    { arbitrary: fc.constant(null), weight: schema.nullable ? 1 : 0 },
    { arbitrary: hostile, weight: 2 },
  );
}

// ---------------------------------------------------------------------------------------------------
// Requests

/** encodeURIComponent, with lone surrogates (which it refuses) replaced the way a browser would. */
const encode = (s: string) =>
  encodeURIComponent(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

/** Printable ASCII stays, everything else is percent-encoded as UTF-8: what an HTTP client can put on the wire. */
export function wireSafe(target: string): string {
  return target.replace(/[^\x21-\x7e]+/g, encode);
}

const textOf = (v: unknown): string =>
  typeof v === 'string' ? v : v === undefined ? '' : (JSON.stringify(v) ?? String(v));

/** How a value becomes a path segment: encoded (as a client would), raw, or double-encoded. */
const segment = (v: unknown) =>
  fc
    .constantFrom<(s: string) => string>(
      encode,
      encode,
      encode,
      (s) => s,
      (s) => encode(encode(s)),
    )
    .map((enc) => enc(textOf(v)));

function pathArb(op: Operation, ctx: FuzzContext): fc.Arbitrary<string> {
  const params = op.parameters.filter((p) => p.in === 'path');
  if (!params.length) return fc.constant(op.path);
  const values = params.map((p) => valueFor(p.schema ?? {}, p.name, ctx).chain(segment));
  return fc
    .tuple(...values)
    .map((segments) => params.reduce((path, p, i) => path.replace(`{${p.name}}`, segments[i]!), op.path));
}

function queryArb(op: Operation, ctx: FuzzContext): fc.Arbitrary<string> {
  const params = op.parameters.filter((p) => p.in === 'query');
  const one = (p: Parameter) =>
    fc.option(
      valueFor(p.schema ?? {}, p.name, ctx).chain((v) =>
        fc.constantFrom(
          // name=value; an array as repeated names; bracket notation; a raw, unencoded value
          Array.isArray(v)
            ? v.map((x) => `${p.name}=${encode(textOf(x))}`).join('&')
            : `${p.name}=${encode(textOf(v))}`,
          `${p.name}[]=${encode(textOf(v))}`,
          `${p.name}=${textOf(v).slice(0, 200)}`,
        ),
      ),
      { nil: undefined, freq: 3 }, // left out one time in three
    );
  const extra = rarely(
    fc.constantFrom(
      '__proto__[role]=Admin',
      'constructor[prototype][x]=1',
      'a=%zz',
      '&&&',
      '=',
      'limit=1&limit=2',
      'x=' + 'y'.repeat(5000),
    ),
    6,
  );
  return fc.tuple(fc.tuple(...params.map(one)), extra).map(([parts, more]) => {
    const all = [...parts, more].filter((s): s is string => s !== undefined);
    return all.length ? `?${all.join('&')}` : '';
  });
}

interface Body {
  body?: Buffer;
  contentType?: string;
}

const RAW_BODIES = [
  '{',
  '{"a":',
  'null',
  '[]',
  '"text"',
  '12',
  'not json at all',
  '{"__proto__":{"x":1}}',
  '\u0000\u0001',
  '['.repeat(50_000) + ']'.repeat(50_000),
  '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000),
];

function jsonBodyArb(schema: Schema | undefined, ctx: FuzzContext): fc.Arbitrary<Body> {
  const json = (v: unknown): Body => ({
    body: Buffer.from(JSON.stringify(v) ?? 'null'),
    contentType: 'application/json',
  });
  return fc.oneof(
    { arbitrary: schema ? valueFor(schema, 'body', ctx).map(json) : fc.constant<Body>({}), weight: schema ? 8 : 6 },
    {
      arbitrary: fc.constantFrom(...RAW_BODIES).map((s) => ({ body: Buffer.from(s), contentType: 'application/json' })),
      weight: 1,
    },
    { arbitrary: hostile.map(json), weight: 1 },
    // A body of another type, or a type with odd parameters.
    {
      arbitrary: fc
        .constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=utf-16',
          'application/xml',
          'application/json\u0000',
        )
        .map((contentType) => ({ body: Buffer.from('a=1&b=2'), contentType: wireSafe(contentType) })),
      weight: 1,
    },
    { arbitrary: fc.constant<Body>({}), weight: 1 },
  );
}

/** A multipart body written by hand, so it can also be broken on purpose. */
function encodeMultipart(
  parts: { name: string; value: Buffer | string; filename?: string; type?: string }[],
  boundary: string,
): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
        'utf8',
      ),
    );
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function fieldValue(name: string, ctx: FuzzContext, strict: boolean): fc.Arbitrary<string> {
  const valid: Record<string, fc.Arbitrary<string>> = {
    item_name: fc.constantFrom('PlayStation 4 Pro', 'Samsung Galaxy A12', 'HP EliteBook 840'),
    name: fc.constantFrom('PlayStation 4 Pro', 'Solar panel 100 W'),
    description: fc.constantFrom('Two controllers, works perfectly', 'Screen has one scratch'),
    price: fc.integer({ min: 1, max: 3_000_000 }).map(String),
    sale_price: fc.constantFrom('', '1000', ...(strict ? [] : ['99999999999'])),
    seller_name: fc.constantFrom('Thoko Phiri', 'Chikondi Banda'),
    phone: fc.constantFrom('+265 999 123 456', '0888 765 432'),
    email: fc.constantFrom('thoko@example.mw', ...(strict ? [] : [''])),
    location: fc.constantFrom('Lilongwe, Area 18', 'Blantyre'),
    currency: fc.constantFrom('MWK', ...(strict ? [] : ['USD'])),
    terms_accepted: fc.constant('true'),
    existingImages: ctx.imageNames.length
      ? fc.subarray(ctx.imageNames, { maxLength: 3 }).map((a) => a.join(','))
      : fc.constant(''),
    deletedImages: ctx.imageNames.length
      ? fc.subarray(ctx.imageNames, { maxLength: 2 }).map((a) => a.join(','))
      : fc.constant(''),
  };
  const fallback = /_id$/.test(name)
    ? fc.constantFrom(...(ctx.ids.length ? ctx.ids : [1])).map(String)
    : fc.constantFrom('true', 'false', 'on', '1');
  if (strict) return valid[name] ?? fallback;
  return fc.oneof({ arbitrary: valid[name] ?? fallback, weight: 8 }, { arbitrary: hostile.map(textOf), weight: 1 });
}

function fileArb(ctx: FuzzContext): fc.Arbitrary<{ name: string; value: Buffer; filename: string; type: string }> {
  const bytes = fc.oneof(
    { arbitrary: fc.constant(ctx.photo), weight: 6 },
    { arbitrary: fc.constant(ctx.photo.subarray(0, Math.floor(ctx.photo.length / 2))), weight: 1 },
    { arbitrary: fc.uint8Array({ maxLength: 2048 }).map((a) => Buffer.from(a)), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        Buffer.alloc(0),
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        Buffer.from('GIF89a'),
        Buffer.from('%PDF-1.4'),
      ),
      weight: 1,
    },
  );
  const filename = fc.constantFrom(
    'p.png',
    'photo.jpg',
    '../../etc/passwd',
    'a\u0000.png',
    'x'.repeat(300) + '.png',
    '',
    'фото.png',
    'p.php.png',
  );
  const type = fc.constantFrom('image/png', 'image/jpeg', 'application/octet-stream', 'text/html', 'image/svg+xml');
  return fc.record({
    name: fc.constantFrom('images', 'images', 'images', 'image', 'file'),
    value: bytes,
    filename: filename.map(wireSafe),
    type,
  });
}

function multipartArb(op: Operation, ctx: FuzzContext, strict: boolean): fc.Arbitrary<Body> {
  const form = op.form ?? [];
  const fields = strict
    ? fc.tuple(...form.map((name) => fieldValue(name, ctx, true).map((value) => ({ name, value }))))
    : fc.tuple(
        ...form.map((name) =>
          fc.option(
            fieldValue(name, ctx, false).map((value) => ({ name, value })),
            { nil: undefined, freq: 8 },
          ),
        ),
      );
  const files = strict
    ? fc.array(fc.constant({ name: 'images', value: ctx.photo, filename: 'photo.png', type: 'image/png' }), {
        minLength: 1,
        maxLength: 2,
      })
    : fc.array(fileArb(ctx), { maxLength: 5 });
  const damages = strict
    ? fc.constant('ok')
    : fc.constantFrom('ok', 'ok', 'ok', 'ok', 'truncated', 'no-boundary', 'wrong-boundary', 'no-end');
  return fc.tuple(fields, files, damages, fc.nat()).map(([fs, fl, damage, cut]) => {
    const boundary = `----fuzz${cut.toString(36)}`;
    const parts = [...fs.filter((f) => f !== undefined), ...fl];
    let body = encodeMultipart(parts, boundary);
    if (damage === 'truncated') body = body.subarray(0, cut % Math.max(1, body.length));
    if (damage === 'no-end') body = body.subarray(0, Math.max(0, body.length - boundary.length - 8));
    const contentType =
      damage === 'no-boundary'
        ? 'multipart/form-data'
        : damage === 'wrong-boundary'
          ? 'multipart/form-data; boundary=other'
          : `multipart/form-data; boundary=${boundary}`;
    return { body, contentType };
  });
}

function bodyArb(op: Operation, ctx: FuzzContext): fc.Arbitrary<Body> {
  if (op.form)
    return fc.oneof(
      { arbitrary: multipartArb(op, ctx, true), weight: 3 },
      { arbitrary: multipartArb(op, ctx, false), weight: 5 },
      { arbitrary: jsonBodyArb(undefined, ctx), weight: 1 },
    );
  if (op.json) return jsonBodyArb(op.json, ctx);
  if (op.method === 'GET') return fc.constant<Body>({});
  return fc.oneof(
    { arbitrary: fc.constant<Body>({}), weight: 4 },
    { arbitrary: jsonBodyArb(undefined, ctx), weight: 1 },
  );
}

const HOSTILE_AUTH = [
  'Bearer',
  'Bearer ',
  'Bearer null',
  'Bearer ' + 'a'.repeat(8000),
  'Basic YWRtaW46YWRtaW4=',
  'bearer x y',
  'Bearer ../../etc/passwd',
  'Bearer %00',
];

export function planArb(ops: Operation[], ctx: FuzzContext): fc.Arbitrary<FuzzPlan> {
  return fc.constantFrom(...ops).chain((op) =>
    fc
      .record({
        identity: fc.constantFrom(...IDENTITIES),
        path: pathArb(op, ctx),
        query: queryArb(op, ctx),
        body: bodyArb(op, ctx),
        authorization: rarely(fc.constantFrom(...HOSTILE_AUTH), 25),
        client: fc.oneof({ arbitrary: fc.ipV4(), weight: 9 }, { arbitrary: fc.ipV6(), weight: 1 }),
        extra: rarely(
          fc.constantFrom<Record<string, string>>(
            { 'if-none-match': '*' },
            { 'if-none-match': '"abc", W/"def"' },
            { 'accept-encoding': 'br, gzip' },
            { accept: 'text/html' },
            { 'x-forwarded-for': '1.2.3.4, 5.6.7.8' },
            { 'accept-language': 'ny-MW' },
          ),
          4,
        ),
      })
      .map(({ identity, path, query, body, authorization, client, extra }) => {
        const headers: Record<string, string> = { ...extra };
        if (body.contentType) headers['content-type'] = body.contentType;
        return {
          operation: op.key,
          identity,
          method: op.method,
          url: wireSafe(`/api${path}${query}`),
          headers,
          ...(authorization === undefined ? {} : { authorization }),
          ...(body.body ? { body: body.body } : {}),
          client,
        };
      }),
  );
}

// ---------------------------------------------------------------------------------------------------
// Judging and counting

/** A stack frame, a source path, or SQL: none of it may reach a client. */
const INTERNALS = [
  /\bat (?:async )?[\w$.<>[\]]+ \(?(?:file:|node:|\/)[^\s()]*:\d+:\d+/,
  /node_modules\//,
  /\/apps\/api\/|\/src\/[\w/-]+\.[jt]s/,
  /SQLITE_[A-Z]+|SqliteError|sqlite3/i,
  /syntax error at or near|relation "[^"]+" does not exist|violates [\w -]+ constraint|duplicate key value|invalid input syntax for/i,
  /\b(?:select|delete)\b[^"\n]{0,80}\bfrom\b|\binsert into\b|\bupdate\b \w+ \bset\b/i,
];

export function internalsIn(text: string): string | undefined {
  return INTERNALS.find((re) => re.test(text))?.source;
}

export interface FuzzResponse {
  status: number;
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
}

export type Send = (plan: FuzzPlan, token: string | undefined) => Promise<FuzzResponse>;

export interface Example {
  operation: string;
  identity: Identity;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  status: number;
  response: string;
  why?: string;
}

export interface FuzzFigures {
  seed: number;
  requests: number;
  operations: number;
  /** Operations at least one request of which was answered 2xx: how deep the fuzzing reached. */
  operationsAnswered2xx: number;
  byIdentity: Record<Identity, number>;
  /** Per operation, how many requests got each status class ('2xx', '4xx', ...). */
  byOperation: Record<string, Record<string, number>>;
  statuses: Record<string, number>;
  serverErrors: number;
  /** The upload queue's designed 503 "busy" (with Retry-After): back-pressure, not a failure. */
  busy: number;
  rateLimited: number;
  internalsLeaked: number;
  /** Identities whose session the fuzzing itself ended (logout, a role change, a deletion), logged in again. */
  relogins: number;
  examples: Example[];
}

export interface FuzzOptions {
  doc: OpenApiDocument;
  ctx: FuzzContext;
  seed: number;
  count: number;
  send: Send;
  /** A fresh token for the role (a new user when the old one was deleted or changed). */
  login: (identity: Exclude<Identity, 'anonymous'>) => Promise<string>;
  concurrency?: number;
  /** Stop early at this time (ms since epoch): stress runs are bounded in time too. */
  deadline?: number;
  /** Skips operations (e.g. the keeper account's own user). */
  skip?: (plan: FuzzPlan) => boolean;
}

const BATCH = 100;

function example(plan: FuzzPlan, res: FuzzResponse, why?: string): Example {
  const body = plan.body
    ? plan.body.length > 600
      ? `${plan.body.subarray(0, 600).toString('latin1')}... (${plan.body.length} bytes)`
      : plan.body.toString('latin1')
    : '';
  return {
    operation: plan.operation,
    identity: plan.identity,
    method: plan.method,
    url: plan.url.length > 600 ? `${plan.url.slice(0, 600)}...` : plan.url,
    headers: plan.headers,
    body,
    status: res.status,
    response: res.body.slice(0, 600),
    ...(why ? { why } : {}),
  };
}

export async function fuzz(o: FuzzOptions): Promise<FuzzFigures> {
  const ops = operationsOf(o.doc);
  const arb = planArb(ops, o.ctx);
  const tokens = new Map<Identity, string>();
  for (const identity of IDENTITIES) if (identity !== 'anonymous') tokens.set(identity, await o.login(identity));
  const f: FuzzFigures = {
    seed: o.seed,
    requests: 0,
    operations: ops.length,
    operationsAnswered2xx: 0,
    byIdentity: { anonymous: 0, User: 0, Moderator: 0, Admin: 0 },
    byOperation: Object.fromEntries(ops.map((op) => [op.key, {}])),
    statuses: {},
    serverErrors: 0,
    busy: 0,
    rateLimited: 0,
    internalsLeaked: 0,
    relogins: 0,
    examples: [],
  };
  const answered = new Set<string>();
  const relogging = new Map<Identity, Promise<void>>();

  async function stillValid(identity: Identity, token: string) {
    const me = await o.send(
      {
        operation: 'GET /v1/auth/me',
        identity,
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: {},
        client: '127.0.0.9',
      },
      token,
    );
    return me.status !== 401;
  }

  async function one(plan: FuzzPlan) {
    const token = plan.identity === 'anonymous' ? undefined : tokens.get(plan.identity);
    const res = await o.send(plan, token);
    f.requests++;
    f.byIdentity[plan.identity]++;
    f.statuses[res.status] = (f.statuses[res.status] ?? 0) + 1;
    const perOp = (f.byOperation[plan.operation] ??= {});
    const kind = `${String(res.status)[0]}xx`;
    perOp[kind] = (perOp[kind] ?? 0) + 1;
    if (res.status >= 200 && res.status < 300) answered.add(plan.operation);
    if (res.status === 429) f.rateLimited++;
    const busy =
      res.status === 503 && res.headers['retry-after'] !== undefined && /busy processing photos/.test(res.body);
    if (busy) f.busy++;
    else if (res.status >= 500) {
      f.serverErrors++;
      if (f.examples.length < 20) f.examples.push(example(plan, res));
    }
    const leaked = res.status >= 400 ? internalsIn(res.body) : undefined;
    if (leaked) {
      f.internalsLeaked++;
      if (f.examples.length < 20) f.examples.push(example(plan, res, `response shows internals: /${leaked}/`));
    }
    // The fuzzing may have ended this identity's session (logout, role change, deletion): log in again.
    if (res.status === 401 && token && plan.authorization === undefined && plan.identity !== 'anonymous') {
      const identity = plan.identity;
      let pending = relogging.get(identity);
      if (!pending) {
        pending = (async () => {
          if (tokens.get(identity) === token && !(await stillValid(identity, token))) {
            tokens.set(identity, await o.login(identity));
            f.relogins++;
          }
        })().finally(() => relogging.delete(identity));
        relogging.set(identity, pending);
      }
      await pending;
    }
  }

  const concurrency = o.concurrency ?? 1;
  for (let batch = 0; f.requests < o.count; batch++) {
    if (o.deadline && Date.now() > o.deadline) break;
    // Batches far apart in the seed space, so nearby seeds do not replay each other's batches.
    const plans = fc
      .sample(arb, { seed: (o.seed * 100_003 + batch) | 0, numRuns: Math.min(BATCH, o.count - f.requests) })
      .filter((p) => !o.skip?.(p));
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < plans.length) await one(plans[next++]!);
      }),
    );
    if (plans.length === 0) break;
  }
  f.operationsAnswered2xx = answered.size;
  return f;
}
