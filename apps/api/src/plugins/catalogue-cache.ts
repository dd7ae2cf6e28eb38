import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public catalogue answer: served from the cache while the catalogue version is unchanged. */
    catalogueCache?: boolean;
  }
  interface FastifyRequest {
    catalogue: { key: string; version: number; hit: boolean } | undefined;
  }
}

/** One answer, serialised and compressed once for a catalogue version. */
interface Entry {
  version: number;
  etag: string;
  type: string;
  plain: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** Enough for every list page, category and product people open at once; older ones are dropped first. */
export const CACHE_ENTRIES = 2000;

/** The URL with its query in a fixed order, so `?limit=4&offset=0` and `?offset=0&limit=4` share an entry. */
export function cacheKey(url: string): string {
  const [path = '', query = ''] = url.split('?', 2);
  if (!query) return path;
  const params = new URLSearchParams(query);
  params.sort();
  return `${path}?${params.toString()}`;
}

function encodingFor(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/** Sets the status and headers of an answer from `entry` and gives its body: empty for a 304. */
function answer(request: FastifyRequest, reply: FastifyReply, entry: Entry): Buffer | '' {
  reply.header('ETag', entry.etag).header('Cache-Control', 'public, no-cache').header('Vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === entry.etag) {
    reply.code(304);
    return '';
  }
  reply.code(200).type(entry.type);
  const encoding = encodingFor(request);
  if (!encoding) return entry.plain;
  reply.header('Content-Encoding', encoding);
  return encoding === 'br' ? entry.br : entry.gzip;
}

/**
 * Public catalogue answers (lists, categories, search, featured, a product, shops) are made once per
 * catalogue version and URL: serialised, gzip- and brotli-compressed, with a strong ETag for 304s. The
 * version is read from the database on every request (triggers bump it in every catalogue write's
 * transaction), so no process serves a page older than a write already acknowledged to anyone.
 */
export function registerCatalogueCache(app: FastifyInstance, db: Db, maxEntries = CACHE_ENTRIES) {
  const entries = new Map<string, Entry>();
  app.decorateRequest('catalogue', undefined);

  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.config.catalogueCache || request.method !== 'GET') return;
    const key = cacheKey(request.url);
    const version = await db.catalogueVersion();
    const entry = entries.get(key);
    request.catalogue = { key, version, hit: entry?.version === version };
    if (!entry || entry.version !== version) return;
    entries.delete(key);
    entries.set(key, entry);
    return reply.send(answer(request, reply, entry));
  });

  // A miss: keep what the route answered, tagged with the version read before it was made (a write
  // meanwhile makes the entry stale at once, never fresh too early), then answer like a hit.
  app.addHook('onSend', async (request, reply, payload) => {
    const catalogue = request.catalogue;
    if (!catalogue || catalogue.hit || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const plain = Buffer.from(payload);
    const entry: Entry = {
      version: catalogue.version,
      etag: `"${createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`,
      type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      plain,
      gzip: gzipSync(plain, { level: 6 }),
      // Quality 5: most of brotli's gain at a fraction of its top levels' time, paid once per version.
      br: brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length } }),
    };
    entries.set(catalogue.key, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    return answer(request, reply, entry);
  });
}
