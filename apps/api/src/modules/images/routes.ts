import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_NAME_PATTERN } from '@marketplace/shared';
import type { Db } from '../../db/database.js';
import { HttpError } from '../../plugins/errors.js';
import { findImageInfo, findVariant, readImageData, saveVariant, type ImageInfo } from './repository.js';
import { AvifEncoder } from './avif-encoder.js';
import {
  avifKey,
  imageType,
  imageVariantQuerySchema,
  renderVariant,
  variantKey,
  type ImageVariantQuery,
} from './variants.js';

const tags = ['images'];

// Names are checked by the handler, not the schema: a name that is not a stored image is a 404, never
// a validation 400, and it never reaches the database, let alone a file system.
const paramsSchema = z.object({
  filename: z.string().describe('Stored image name, e.g. 0123456789abcdef0123456789abcdef.webp'),
});

/** A stored name never changes its bytes, and a variant is rendered once and then kept. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const notFound = () => new HttpError(404, 'Image not found');

/** Strong validator from what identifies the bytes: the row (id, name, creation time) and the variant. */
function imageEtag(info: Pick<ImageInfo, 'id' | 'filename' | 'created_at'>, variant: string | null): string {
  const hash = createHash('sha256')
    .update(`${info.id}\n${info.filename}\n${info.created_at}\n${variant ?? 'original'}`)
    .digest('base64url')
    .slice(0, 27);
  return `"${hash}"`;
}

/** `image/avif` in Accept, not refused with q=0. */
function acceptsAvif(accept: string | undefined): boolean {
  return (
    !!accept &&
    accept.split(',').some((part) => {
      const [type, ...params] = part.trim().toLowerCase().split(';');
      return type?.trim() === 'image/avif' && !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    })
  );
}

/** RFC 9110 If-None-Match: '*' or a list of entity tags, compared weakly. */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

export const imageRoutes: FastifyPluginAsync<{ db: Db }> = async (fastify, { db }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const kysely = db.kysely;
  // A burst of requests for a variant not rendered yet (a new product on a busy page) renders it once.
  const rendering = new Map<string, Promise<Buffer>>();
  const avif = new AvifEncoder(fastify.log);
  fastify.addHook('onClose', () => avif.idle());

  /** In the background: the variant as AVIF, kept only when it is smaller than the WebP (else the WebP is kept under its key). */
  function queueAvif(request: FastifyRequest, info: ImageInfo, key: string, query: ImageVariantQuery) {
    avif.add(`${info.id}:${key}`, async () => {
      const original = await readImageData(kysely, info.id);
      if (!original) return;
      const [webp, encoded] = await Promise.all([
        variantBytes(request, info, key, query),
        renderVariant(original, query, 'avif'),
      ]);
      await saveVariant(kysely, info.id, avifKey(key), encoded.length < webp.length ? encoded : webp);
    });
  }

  async function variantBytes(
    request: FastifyRequest,
    info: ImageInfo,
    key: string,
    query: ImageVariantQuery,
  ): Promise<Buffer> {
    const cached = await findVariant(kysely, info.id, key);
    if (cached) return cached;
    const flightKey = `${info.id}:${key}`;
    let job = rendering.get(flightKey);
    if (!job) {
      job = (async () => {
        const original = await readImageData(kysely, info.id);
        if (!original) throw notFound();
        const bytes = await renderVariant(original, query);
        try {
          await saveVariant(kysely, info.id, key, bytes);
        } catch (err) {
          // The image was deleted meanwhile, or the database is briefly busy: the bytes are still right.
          request.log.warn({ err, image: info.filename, variant: key }, 'image variant not cached');
        }
        return bytes;
      })().finally(() => rendering.delete(flightKey));
      rendering.set(flightKey, job);
    }
    return job;
  }

  async function serveImage(
    request: FastifyRequest<{ Params: { filename: string }; Querystring: ImageVariantQuery }>,
    reply: FastifyReply,
  ) {
    const { filename } = request.params;
    if (!IMAGE_NAME_PATTERN.test(filename)) throw notFound();
    const info = await findImageInfo(kysely, filename);
    if (!info) throw notFound();

    const key = variantKey(request.query);
    // A browser that takes AVIF gets it where it is smaller, once rendered (the original is kept as uploaded).
    let bytes: Buffer | undefined;
    let etagKey = key;
    if (key !== null) {
      reply.header('Vary', 'Accept');
      if (acceptsAvif(request.headers.accept)) {
        bytes = await findVariant(kysely, info.id, avifKey(key));
        if (bytes) etagKey = avifKey(key);
        else queueAvif(request, info, key, request.query);
      }
    }
    const etag = imageEtag(info, etagKey);
    reply.header('ETag', etag).header('Cache-Control', IMMUTABLE).header('X-Content-Type-Options', 'nosniff');
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();

    bytes ??=
      key === null ? await readImageData(kysely, info.id) : await variantBytes(request, info, key, request.query);
    if (!bytes) throw notFound();
    return reply.type(imageType(bytes)).send(bytes);
  }

  const description =
    'WebP bytes, or AVIF where smaller when Accept names image/avif (a resized variant, rendered in the background after its first request; Vary: Accept). ' +
    'With w, h, fit or q the image is resized from an allow-list of sizes, rendered once and cached. ' +
    'Responses are immutable and carry a strong ETag; a matching If-None-Match is answered 304.';
  const imageSchema = { tags, description, params: paramsSchema, querystring: imageVariantQuerySchema };
  app.get(
    '/images/:filename',
    { config: { access: 'public' }, schema: { ...imageSchema, summary: 'A stored image, or a resized variant' } },
    serveImage,
  );
  app.get(
    '/images/hero/:filename',
    {
      config: { access: 'public' },
      schema: { ...imageSchema, summary: 'A carousel image (same as /images/{filename})' },
    },
    serveImage,
  );
};
