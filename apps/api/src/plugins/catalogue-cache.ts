import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogueStamp, Db } from '../db/database.js';
import { faultOf } from '../db/faults.js';
import { CatalogueChanges } from './catalogue-tags.js';
import type { RouteFigures } from './http-figures.js';
import { IN_PROCESS_HEADER } from './in-process.js';
import { securityHeaders } from './security-headers.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public catalogue answer: served from the cache while nothing it depends on changed (decision 0089). */
    catalogueCache?: boolean;
    /** A catalogue answer without watcher counts: it stays fresh when only a count changes (decision 0046). */
    noWatcherCounts?: boolean;
    /** A route without a querystring schema (a rendered page): the query parameters its answer depends on. */
    pageParams?: ReadonlySet<string>;
  }
  interface FastifyInstance {
    /** What the kept catalogue answers take now, as counted against PUBLIC_CACHE_MB (the tests read it). */
    catalogueCacheBytes: () => number;
  }
  interface FastifyRequest {
    /** Set on a catalogue route's miss; a handler clears it to keep its answer out of the cache. */
    catalogue:
      | {
          key: string;
          raw: string;
          stamp: CatalogueStamp;
          counts: boolean;
          hit: boolean;
          /** What the answer depends on (catalogue-tags.ts); undefined: everything. */
          tags?: Set<string>;
        }
      | undefined;
  }
}

type Encoding = 'br' | 'gzip' | 'plain';
/** Header names and values in turn, as `writeHead` takes them. */
type RawHeaders = OutgoingHttpHeader[];

/**
 * One form of an answer: its body and every header of its 200 (security, cache, type, encoding, length), the
 * last value left for the request's id (withId).
 */
interface Variant {
  body: Buffer;
  headers: RawHeaders;
}

/** The header a hit's id goes in, last of its prepared headers. */
const ID_HEADER = 'X-Request-Id';

/**
 * `headers` with the request's id as the last value. The prepared array is written in place and read at once
 * by writeHead (synchronously, so no other request can write it meanwhile): no copy per answer.
 */
function withId(headers: RawHeaders, id: string): RawHeaders {
  headers[headers.length - 1] = id;
  return headers;
}

/**
 * One answer, serialised once for a catalogue version, with its headers made up front. Each compressed form
 * is made once, when first asked for: browsers ask for br, the server's own renders (inject) for neither.
 */
interface Entry {
  version: number;
  /** The tags it depends on (decision 0089): it goes stale when one of them changes; undefined: when anything does. */
  tags: ReadonlySet<string> | undefined;
  /** `changes.known` when last found current; once out of date, an entry never is again. */
  currentAt: number;
  /** The watcher counts' version it shows; null: it shows no counts, so they never make it stale. */
  watchers: number | null;
  /** When it was made (ms): counts newer than it are shown once it is WATCHER_COUNTS_LAG_MS old. */
  madeAt: number;
  etag: string;
  type: string;
  /** The request headers the answer depends on: Accept-Encoding, and a page's data-saver headers. */
  vary: string;
  /** The headers common to every form. */
  common: RawHeaders;
  /** All a 304 carries: the common headers and the request's id (withId). */
  notModified: RawHeaders;
  /** Where its answers are counted (the metrics' figures of the route that made it), when they are. */
  figures: RouteFigures | undefined;
  variants: Partial<Record<Encoding, Variant>>;
  /** What its forms take in memory (bodies plus a fixed allowance for headers), counted against maxBytes. */
  bytes: number;
  /** How many keys (a normalised URL and raw spellings of it) lead to it: its bytes count while any does. */
  keys: number;
}

/** Room counted per form for its prepared headers, and per key for the map's own record. */
const HEADER_BYTES = 1024;
const KEY_BYTES = 64;

/** Enough for every list page, category and product people open at once; older ones are dropped first. */
const CACHE_ENTRIES = 2000;
/** The most the kept answers may take (PUBLIC_CACHE_MB): a client making up URLs cannot grow the process past it. */
export const DEFAULT_CACHE_MB = 64;
const CACHE_CONTROL = 'public, no-cache';

export interface CatalogueCacheOptions {
  maxEntries?: number;
  /** Bytes the kept answers may take in all; the least recently used go first. */
  maxBytes?: number;
  /**
   * Which form of an answer a request wants, when one URL has several (a page rendered for data saver):
   * '' for the usual one. Runs on every GET before routing, so it must be cheap.
   */
  formOf?: (request: IncomingMessage) => string;
  /** The time in ms (the app's clock: tests move it past WATCHER_COUNTS_LAG_MS). */
  now?: () => number;
  /**
   * While the database cannot be reached, answers fresh at the last version read are served, marked stale,
   * for at most this long after that read (STALE_IF_ERROR_SECONDS); 0: never (docs/decisions/0075).
   */
  staleIfErrorMs?: number;
  /** How long (ms) a list may lag behind which products it should hold (CATALOGUE_LIST_LAG_SECONDS); 0: never. */
  listLagMs?: number;
  /** Told how each catalogue answer was made, for the metrics (plugins/metrics.ts). */
  onLookup?: (result: 'hit' | 'miss' | 'stale') => void;
  /**
   * The metrics' request figures of a route: a hit is added to them here, by the entry's own reference, instead
   * of by the metrics' onResponse hook (plugins/metrics.ts), which then leaves it out (request.counted).
   */
  figuresOf?: (method: string, route: string) => RouteFigures;
}

/** How a stale answer says so: RFC 7234's warning 110, and a plain marker for logs and tests. */
const STALE_HEADERS: RawHeaders = ['X-Cache', 'STALE', 'Warning', '110 - "Response is Stale"'];
export const DEFAULT_STALE_IF_ERROR_SECONDS = 300;

/** The key of one form of an answer. A space cannot occur in a request target (Node's parser ends it there), so no URL spells another's key. */
function withForm(url: string, form: string): string {
  return form ? `${url} ${form}` : url;
}

/**
 * The URL with its query in a fixed order, so `?limit=4&offset=0` and `?offset=0&limit=4` share an entry,
 * and, when the route declares its parameters, without the others: its schema drops them before the handler
 * runs, so `&pad=1`, `&pad=2`... are the same answer and must not each take an entry.
 */
export function cacheKey(url: string, declared?: ReadonlySet<string>): string {
  return normalised(url, declared).key;
}

/** The cache key of `url`, and whether it had parameters the route ignores. */
function normalised(url: string, declared: ReadonlySet<string> | undefined): { key: string; ignored: boolean } {
  const [path = '', query = ''] = url.split('?', 2);
  if (!query) return { key: path, ignored: false };
  const params = new URLSearchParams(query);
  let ignored = false;
  if (declared)
    for (const name of new Set(params.keys()))
      if (!declared.has(name)) {
        params.delete(name);
        ignored = true;
      }
  params.sort();
  const sorted = params.toString();
  return { key: sorted ? `${path}?${sorted}` : path, ignored };
}

/** The query parameters a route's querystring schema (a zod object) declares; undefined when it has none. */
function declaredParams(schema: unknown): ReadonlySet<string> | undefined {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? new Set(Object.keys(shape)) : undefined;
}

/**
 * How long an answer may show a watcher count older than the latest (decision 0046): a tap on "I'm interested"
 * then remakes each answer showing counts at most once a minute, however many taps come, instead of emptying
 * the page cache on each. The tapping buyer sees their own new count in the tap's answer.
 */
export const WATCHER_COUNTS_LAG_MS = 60_000;

/**
 * How long a list may go on showing which products it holds and how many after a write changed that
 * (CATALOGUE_LIST_LAG_SECONDS, docs/decisions/0092): at 2 orders a second the lists of all items change twice a
 * second, and each process would remake them on nearly every request. A product a list shows is never shown
 * with an old price, hold or sale: that is its own tag, and drops the list at once.
 */
export const DEFAULT_LIST_LAG_SECONDS = 5;

/**
 * Nothing it depends on changed since it was made (as far as `changes` has read, at least up to `stamp`), or
 * only which products its lists hold while it is younger than `listLagMs`; and, when it shows watcher counts,
 * made for these counts or recently enough.
 */
function fresh(entry: Entry, changes: CatalogueChanges, at: { stamp: CatalogueStamp; now: number; listLagMs: number }) {
  const { stamp, now, listLagMs } = at;
  if (entry.currentAt !== changes.known) {
    const changed = changes.changedSince(entry.version, entry.tags);
    if (changed === 'more' || (changed === 'lists' && now - entry.madeAt >= listLagMs)) return false;
    // Current: no need to ask again until the version moves. A list change let through is asked again each time.
    if (changed === 'nothing') entry.currentAt = changes.known!;
  }
  return entry.watchers === null || entry.watchers === stamp.watchers || now - entry.madeAt < WATCHER_COUNTS_LAG_MS;
}

/** The header a request asks for, and its answer carries, the tags the answer depends on: the server renderer's. */
export const TAGS_HEADER = 'x-catalogue-tags';
/** Its value: the tags, or `*` for an answer that depends on everything. */
function tagsValue(entry: Entry): string {
  return entry.tags === undefined ? '*' : [...entry.tags].join(' ');
}

function encodingOf(accepted: string | undefined): Encoding {
  if (accepted === undefined) return 'plain';
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'plain';
}

function makeEntry(made: {
  now: number;
  stamp: CatalogueStamp;
  tags: ReadonlySet<string> | undefined;
  counts: boolean;
  type: string;
  plain: Buffer;
  security: RawHeaders;
  vary: string;
  figures: RouteFigures | undefined;
}): Entry {
  const { now, stamp, tags, counts, type, plain, security, vary, figures } = made;
  const version = stamp.catalogue;
  const watchers = counts ? stamp.watchers : null;
  const etag = `"${createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`;
  const common = [...security, 'ETag', etag, 'Cache-Control', CACHE_CONTROL, 'Vary', vary];
  const entry: Entry = {
    version,
    tags,
    currentAt: -1,
    watchers,
    madeAt: now,
    etag,
    type,
    vary,
    common,
    notModified: [...common, ID_HEADER, ''],
    figures,
    variants: {},
    bytes: 0,
    keys: 0,
  };
  entry.variants.plain = variantOf(entry, 'plain', plain);
  entry.bytes = plain.length + HEADER_BYTES;
  return entry;
}

function variantOf(entry: Entry, encoding: Encoding, body: Buffer): Variant {
  const encoded = encoding === 'plain' ? [] : ['Content-Encoding', encoding];
  return {
    body,
    headers: [
      ...entry.common,
      'Content-Type',
      entry.type,
      ...encoded,
      'Content-Length',
      String(body.length),
      ID_HEADER,
      '',
    ],
  };
}

/** Told when an entry grows by a compressed form, so the cache's byte count follows. */
type Grown = (entry: Entry, bytes: number) => void;

/** The entry in `encoding`, compressed the first time it is asked for. */
function variant(entry: Entry, encoding: Encoding, grown: Grown): Variant {
  const made = entry.variants[encoding];
  if (made) return made;
  const plain = entry.variants.plain!.body;
  // Brotli quality 5: most of brotli's gain at a fraction of its top levels' time, paid once per version.
  const body =
    encoding === 'br'
      ? brotliCompressSync(plain, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length },
        })
      : gzipSync(plain, { level: 6 });
  grown(entry, body.length + HEADER_BYTES);
  return (entry.variants[encoding] = variantOf(entry, encoding, body));
}

/**
 * Answers straight on the raw response: status, the entry's prepared headers (the request's id among them) and
 * body in one `writeHead` and `end`; its status. Fastify's reply is left (hijacked), so no later hook,
 * serialiser or compressor runs. Nothing was set on the raw response before (no setHeader): Node then takes
 * the prepared array as it is, where a header set earlier made it remove and append each header in turn.
 */
function writeHit(
  req: IncomingMessage,
  res: ServerResponse,
  entry: Entry,
  how: { id: string; grown: Grown; extra: RawHeaders | undefined },
): number {
  const { id, grown, extra } = how;
  if (req.headers['if-none-match'] === entry.etag) {
    const headers = withId(entry.notModified, id);
    res.writeHead(304, extra ? [...headers, ...extra] : headers);
    res.end();
    return 304;
  }
  const { headers, body } = variant(entry, encodingOf(req.headers['accept-encoding']), grown);
  res.writeHead(200, extra ? [...withId(headers, id), ...extra] : withId(headers, id));
  res.end(body);
  return 200;
}

/** Sets the status and headers of an answer from `entry` through Fastify's reply (a miss): empty for a 304. */
function answer(request: FastifyRequest, reply: FastifyReply, entry: Entry, grown: Grown): Buffer | '' {
  reply.header('ETag', entry.etag).header('Cache-Control', CACHE_CONTROL).header('Vary', entry.vary);
  if (request.headers[TAGS_HEADER] !== undefined) reply.header(TAGS_HEADER, tagsValue(entry));
  if (request.headers['if-none-match'] === entry.etag) {
    reply.code(304);
    return '';
  }
  reply.code(200).type(entry.type);
  const encoding = encodingOf(request.headers['accept-encoding']);
  if (encoding !== 'plain') reply.header('Content-Encoding', encoding);
  return variant(entry, encoding, grown).body;
}

/**
 * Reads the version for requests that arrived before the read began: a request that arrives while a read is
 * on its way waits for the next one (started when that read ends) rather than taking a value that may predate
 * a write acknowledged before it arrived. Under load, one database round trip then serves every request that
 * came in during the previous one. (SQLite's read is synchronous and is not wrapped.)
 */
export function sharedReads<T>(read: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const start = () => {
    const reading = read();
    current = reading;
    const done = () => {
      if (current === reading) current = undefined;
    };
    reading.then(done, done);
    return reading;
  };
  const after = () => {
    next = undefined;
    return start();
  };
  return () => {
    if (current === undefined) return start();
    next ??= current.then(after, after);
    return next;
  };
}

/**
 * Public catalogue answers (lists, categories, search, featured, a product, shops, server-rendered entry
 * pages) are made once per URL and kept while nothing they depend on changed: serialised, gzip- and
 * brotli-compressed, with a strong ETag for 304s. The version is read from the database on every request
 * (triggers bump it in every catalogue write's transaction, and record what the write changed), so no process
 * serves a page older than a write already acknowledged to anyone; when it moves, the process reads what
 * changed and drops only the answers that show it (docs/decisions/0089).
 *
 * Register it before every other hook: a hit is answered in the first onRequest hook, before the security
 * headers, auth, validation and compression hooks run (docs/decisions/0013-catalogue-cache.md), with the
 * security headers among its prepared ones.
 */
export function registerCatalogueCache(
  app: FastifyInstance,
  db: Db,
  {
    maxEntries = CACHE_ENTRIES,
    maxBytes = DEFAULT_CACHE_MB * 1024 * 1024,
    formOf = () => '',
    now = Date.now,
    staleIfErrorMs = DEFAULT_STALE_IF_ERROR_SECONDS * 1000,
    listLagMs = 0,
    onLookup = () => {},
    figuresOf,
  }: CatalogueCacheOptions = {},
) {
  // Keyed by the normalised URL and, when a client sends another spelling of it, by that raw URL too: the
  // first hook looks up the raw URL without parsing it. Both kinds count against maxEntries and maxBytes
  // (an entry's bytes once, while any key leads to it; each key its length). A form other
  // than the usual one (formOf) is part of the key.
  const entries = new Map<string, Entry>();
  const securityByName = securityHeaders();
  const security = Object.entries(securityByName).flat();
  const readStamp = db.engine === 'postgres' ? sharedReads(() => db.catalogueStamp()) : () => db.catalogueStamp();
  // What each version changed, read when the version moves: an answer goes stale only when what it shows does.
  const changes = new CatalogueChanges((after, upTo) => db.catalogueChanges(after, upTo));
  // The last version read, and when: what a stale answer during an outage must have been fresh at.
  let lastRead: { stamp: CatalogueStamp; at: number } | undefined;
  const catalogueVersion = async () => {
    const stamp = await readStamp();
    await changes.upTo(stamp.catalogue);
    lastRead = { stamp, at: now() };
    return stamp;
  };
  /**
   * During a database outage: the entry, when it was fresh at the last version read and that read is at most
   * staleIfErrorMs old. An entry already out of date then (a write it does not show) is never served.
   */
  const staleAnswer = (entry: Entry | undefined, error: unknown): Entry | undefined => {
    if (entry === undefined || lastRead === undefined || staleIfErrorMs <= 0) return undefined;
    if (faultOf(error) !== 'unreachable' || now() - lastRead.at > staleIfErrorMs) return undefined;
    return fresh(entry, changes, { stamp: lastRead.stamp, now: lastRead.at, listLagMs }) ? entry : undefined;
  };
  app.decorateRequest('catalogue', undefined);

  let bytes = 0;
  const forget = (key: string) => {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    bytes -= KEY_BYTES + key.length * 2;
    if (--entry.keys === 0) bytes -= entry.bytes;
  };
  const remember = (key: string, entry: Entry) => {
    forget(key);
    entries.set(key, entry);
    bytes += KEY_BYTES + key.length * 2;
    if (entry.keys++ === 0) bytes += entry.bytes;
    evict();
  };
  // The least recently used go first; the newest stays even alone over the limit (one answer's worth).
  const evict = () => {
    while (entries.size > 1 && (entries.size > maxEntries || bytes > maxBytes)) forget(entries.keys().next().value!);
  };
  const grown: Grown = (entry, more) => {
    entry.bytes += more;
    if (entry.keys > 0) bytes += more;
    evict();
  };
  app.decorate('catalogueCacheBytes', () => bytes);

  /**
   * Writes a hit and counts it in its route's figures, unless the renderer asked in-process (its calls are
   * counted apart, by the metrics' hook: plugins/in-process.ts).
   */
  const serve = (request: FastifyRequest, reply: FastifyReply, entry: Entry, extra: RawHeaders | undefined) => {
    const req = request.raw;
    const figures = req.headers[IN_PROCESS_HEADER] === undefined ? entry.figures : undefined;
    // Before the answer is written: its end may run the response hooks at once (app.inject).
    if (figures !== undefined) request.counted = true;
    reply.hijack();
    const status = writeHit(req, reply.raw, entry, { id: request.id, grown, extra });
    figures?.add(status, reply.elapsedTime / 1000);
  };

  // A hit. Only URLs already answered by a catalogue route are in `entries`, so the route need not be looked
  // at; everything else (and a hit while shutting down, whose answers must go through server.ts's hooks to
  // close their connections) goes on through the usual hooks. The first hook of all (app.ts): a hit runs no
  // other, and writes the request's id and the security headers itself among its prepared ones.
  app.addHook('onRequest', (request, reply, done) => {
    const req = request.raw;
    if (req.method !== 'GET') return done();
    const key = withForm(req.url!, formOf(req));
    const entry = entries.get(key);
    if (
      entry === undefined ||
      (req.socket as { server?: { listening?: boolean } } | undefined)?.server?.listening === false
    )
      return done();
    catalogueVersion().then(
      (stamp) => {
        if (!fresh(entry, changes, { stamp, now: now(), listLagMs })) return done();
        remember(key, entry);
        onLookup('hit');
        serve(
          request,
          reply,
          entry,
          req.headers[TAGS_HEADER] === undefined ? undefined : [TAGS_HEADER, tagsValue(entry)],
        );
      },
      (error: unknown) => {
        const stale = staleAnswer(entry, error);
        if (stale) {
          onLookup('stale');
          const tags = req.headers[TAGS_HEADER] === undefined ? [] : [TAGS_HEADER, tagsValue(stale)];
          serve(request, reply, stale, [...STALE_HEADERS, ...tags]);
          return;
        }
        // The version could not be read (a 503): the security-headers hook, after this one, will not run.
        reply.headers(securityByName);
        done(error as Error);
      },
    );
  });

  // A catalogue route's request not answered above: a URL spelled another way, a stale entry, or no entry.
  const missOf =
    (declared: ReadonlySet<string> | undefined, counts: boolean) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method !== 'GET') return;
      const form = formOf(request.raw);
      const normal = normalised(request.url, declared);
      const key = withForm(normal.key, form);
      // A spelling with parameters the route ignores is not kept as a key of its own: each would take an entry.
      const raw = normal.ignored ? key : withForm(request.url, form);
      let stamp: CatalogueStamp;
      try {
        stamp = await catalogueVersion();
      } catch (error) {
        const stale = staleAnswer(entries.get(key), error);
        if (!stale) throw error;
        onLookup('stale');
        for (let i = 0; i < STALE_HEADERS.length; i += 2) reply.header(String(STALE_HEADERS[i]), STALE_HEADERS[i + 1]);
        return reply.send(answer(request, reply, stale, grown));
      }
      const entry = entries.get(key);
      const hit = entry !== undefined && fresh(entry, changes, { stamp, now: now(), listLagMs });
      request.catalogue = { key, raw, stamp, counts, hit };
      if (!hit) return;
      onLookup('hit');
      remember(key, entry);
      if (raw !== key) remember(raw, entry);
      return reply.send(answer(request, reply, entry, grown));
    };
  app.addHook('onRoute', (route) => {
    if (!route.config?.catalogueCache) return;
    const declared = route.config.pageParams ?? declaredParams(route.schema?.querystring);
    route.onRequest = [...[route.onRequest ?? []].flat(), missOf(declared, !route.config.noWatcherCounts)];
  });

  // A miss: keep what the route answered, tagged with the version read before it was made (a write
  // meanwhile makes the entry stale at once, never fresh too early), then answer like a hit.
  app.addHook('onSend', async (request, reply, payload) => {
    const catalogue = request.catalogue;
    if (!catalogue || catalogue.hit || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const type = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    // A route whose answer depends on more request headers says which (a rendered page: its data saver).
    const vary = ['Accept-Encoding', reply.getHeader('vary')].filter(Boolean).join(', ');
    onLookup('miss');
    const entry = makeEntry({
      now: now(),
      stamp: catalogue.stamp,
      tags: catalogue.tags,
      counts: catalogue.counts,
      type,
      plain: Buffer.from(payload),
      security,
      vary,
      figures: figuresOf?.(request.method, request.routeOptions.url ?? 'unmatched'),
    });
    remember(catalogue.key, entry);
    if (catalogue.raw !== catalogue.key) remember(catalogue.raw, entry);
    return answer(request, reply, entry, grown);
  });
}
