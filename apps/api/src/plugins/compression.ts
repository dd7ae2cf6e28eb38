import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Brotli or gzip for answers of 1 KB and more. */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
}
