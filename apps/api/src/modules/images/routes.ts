import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_NAME_PATTERN } from '@marketplace/shared';
import type { Db } from '../../db/database.js';
import { HttpError } from '../../plugins/errors.js';
import { findImageInfo, findVariant, readImageData, saveVariant, type ImageInfo } from './repository.js';
import { imageVariantQuerySchema, renderVariant, variantKey, type ImageVariantQuery } from './variants.js';

const tags = ['images'];

// Names are checked by the handler, not the schema: a name that is not a stored image is a 404, never
// a validation 400, and it never reaches the database, let alone a file system.
const paramsSchema = z.object({ filename: z.string().describe('Stored image name, e.g. 0123456789abcdef0123456789abcdef.webp') });

/** A stored name never changes its bytes, and a variant is rendered once and then kept. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const notFound = () => new HttpError(404, 'Image not found');

/** Strong validator from what identifies the bytes: the row (id, name, creation time) and the variant. */
export function imageEtag(info: Pick<ImageInfo, 'id' | 'filename' | 'created_at'>, variant: string | null): string {
  const hash = createHash('sha256')
    .update(`${info.id}\n${info.filename}\n${info.created_at}\n${variant ?? 'original'}`)
    .digest('base64url')
    .slice(0, 27);
  return `"${hash}"`;
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

  async function variantBytes(request: FastifyRequest, info: ImageInfo, key: string, query: ImageVariantQuery): Promise<Buffer> {
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
    const etag = imageEtag(info, key);
    reply.header('ETag', etag).header('Cache-Control', IMMUTABLE).header('X-Content-Type-Options', 'nosniff');
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();

    const bytes = key === null ? await readImageData(kysely, info.id) : await variantBytes(request, info, key, request.query);
    if (!bytes) throw notFound();
    return reply.type('image/webp').send(bytes);
  }

  for (const url of ['/images/:filename', '/images/hero/:filename']) {
    app.route({
      method: 'GET',
      url,
      config: { access: 'public' },
      schema: {
        tags,
        summary: url.includes('/hero/') ? 'A carousel image (same as /images/{filename})' : 'A stored image, or a resized variant',
        description:
          'WebP bytes. With w, h, fit or q the image is resized from an allow-list of sizes, rendered once and cached. ' +
          'Responses are immutable and carry a strong ETag; a matching If-None-Match is answered 304.',
        params: paramsSchema,
        querystring: imageVariantQuerySchema,
      },
      handler: serveImage,
    });
  }
};
