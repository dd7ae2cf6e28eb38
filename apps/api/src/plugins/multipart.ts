import multipart from '@fastify/multipart';
import { MAX_IMAGES } from '@marketplace/shared';
import type { FastifyInstance } from 'fastify';
import { MAX_IMAGE_BYTES } from '../modules/images/index.js';

/** Multipart forms (photos with their fields), bounded in files, sizes and parts; read by readMultipart. */
export async function registerMultipart(app: FastifyInstance) {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      files: MAX_IMAGES,
      fileSize: MAX_IMAGE_BYTES,
      fields: 30,
      fieldSize: 100 * 1024,
      parts: 40,
      headerPairs: 200,
    },
  });
}
