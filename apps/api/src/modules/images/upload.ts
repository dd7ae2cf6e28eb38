import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { MAX_IMAGES } from '@marketplace/shared';
import { HttpError } from '../../plugins/errors.js';
import { MAX_DECODE_BYTES } from './decode-cost.js';
import { decodeImage, inspectImage, type ImageLimits, type NormalizedImage } from './normalize.js';
import { DecodeQueue, QueueBusyError } from './queue.js';

/** Largest upload accepted per file, before normalization. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const MAX_IMAGE_MB = MAX_IMAGE_BYTES / (1024 * 1024);

/**
 * Every upload of the process is decoded through this line. Two at once: one per core, and two of
 * libuv's four threads, so a login's scrypt always finds a free one. Six waiting: an ordinary
 * submission (3 phone photos) takes about a second, so the last in line waits a few seconds, while each
 * waiting one holds at most its 30 MB of undecoded bytes. Together they may hold MAX_DECODE_BYTES of
 * estimated decode memory, so two budget-sized images take turns instead of doubling the peak.
 */
export const uploadQueue = new DecodeQueue({ active: 2, waiting: 6, memoryBytes: MAX_DECODE_BYTES });

export interface ReadMultipartOptions {
  /** The one field name files may come under ('images', or 'images[]'). */
  fileField?: string;
  /** At most this many files; one more refuses the whole submission. */
  maxFiles?: number;
  /** The line the files are decoded through (tests pass their own). */
  queue?: DecodeQueue;
  /** Per-image limits (tests lower the decode budget to stay fast). */
  limits?: ImageLimits;
}

export interface MultipartSubmission {
  /** Each text field by name (a trailing '[]' dropped); the first value when a name repeats. */
  fields: Record<string, string>;
  /** Every text field by name (a trailing '[]' dropped), all values in the order sent. */
  arrays: Record<string, string[]>;
  /** The files, in the order sent, each already decoded, oriented, stripped and re-encoded. */
  images: NormalizedImage[];
}

const tooManyFiles = (max: number) => new HttpError(400, `At most ${max} images are allowed`);
const fileTooLarge = () => new HttpError(413, `Each image must be at most ${MAX_IMAGE_MB} MB`);

function baseName(name: string): string {
  return name.endsWith('[]') ? name.slice(0, -2) : name;
}

/** Maps @fastify/multipart's own errors (limits, malformed bodies) to messages a person understands. */
function toHttpError(error: unknown, maxFiles: number): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return tooManyFiles(maxFiles);
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge();
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, 'The form has too many fields');
    case 'FST_PROTO_VIOLATION':
      return new HttpError(400, 'The form has a field name that is not allowed');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new HttpError(400, 'A form field holds invalid JSON');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(400, 'Expected multipart/form-data');
    default:
      // Busboy's parse errors ('Unexpected end of form', 'Malformed part header', a premature close).
      return new HttpError(400, 'The form data could not be read');
  }
}

/**
 * The one way routes read a multipart submission with images. It reads the whole body first (so the
 * client always gets our answer rather than a reset connection), then normalizes every file; it
 * returns only when everything was good, so the caller writes nothing for a refused submission.
 *
 * Refused with a 400: not multipart; a file under another field name; one file too many (the whole
 * submission, not just the extra file); bytes that do not decode as an image; an image over the pixel,
 * frame or decode-memory limit; a text field over the size limit. A file over the size limit is a 413.
 * With the decode queue full it is a 503 with Retry-After; a submission that arrives to a full queue
 * is drained without keeping its files.
 */
export async function readMultipart(request: FastifyRequest, opts: ReadMultipartOptions = {}): Promise<MultipartSubmission> {
  const fileField = baseName(opts.fileField ?? 'images');
  const maxFiles = opts.maxFiles ?? MAX_IMAGES;
  const queue = opts.queue ?? uploadQueue;
  if (typeof request.isMultipart !== 'function') throw new Error('@fastify/multipart is not registered');
  if (!request.isMultipart()) throw new HttpError(400, 'Expected multipart/form-data');

  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const arrays: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  const buffers: Buffer[] = [];
  let refused: HttpError | undefined;
  let fileCount = 0;
  // Full already: a submission with files will be refused, so its files are read past, not held in memory.
  const busy = queue.full;

  try {
    // One more file than allowed is let through the parser so that we, not busboy, name the problem.
    const parts: AsyncIterable<Multipart> = request.parts({ limits: { files: maxFiles + 1, fileSize: MAX_IMAGE_BYTES } });
    for await (const part of parts) {
      if (part.type === 'file') {
        // A browser sends an empty part for a file input left empty: that is no file.
        if (!part.filename) {
          part.file.resume();
          continue;
        }
        if (busy) refused ??= new QueueBusyError();
        if (baseName(part.fieldname) !== fileField) refused ??= new HttpError(400, `Images must be sent in the field ${fileField}`);
        else if (++fileCount > maxFiles) refused ??= tooManyFiles(maxFiles);
        if (refused) {
          part.file.resume(); // drain it: the rest of the body must still be read
          continue;
        }
        try {
          buffers.push(await part.toBuffer());
        } catch (error) {
          refused ??= toHttpError(error, maxFiles);
        }
        continue;
      }
      if (part.valueTruncated || part.fieldnameTruncated) {
        refused ??= new HttpError(400, `The field ${baseName(part.fieldname)} is too long`);
        continue;
      }
      const name = baseName(part.fieldname);
      const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
      (arrays[name] ??= []).push(value);
      fields[name] ??= value;
    }
  } catch (error) {
    refused ??= toHttpError(error, maxFiles);
  }
  if (refused) throw refused;

  if (buffers.length === 0) return { fields, arrays, images: [] };
  // One turn of the queue for the whole submission; its files one at a time, each header checked before
  // its pixels are decoded, and the first bad file refuses the lot.
  const images = await queue.run(async () => {
    const done: NormalizedImage[] = [];
    for (const buffer of buffers) {
      const { decodeBytes } = await inspectImage(buffer, opts.limits);
      done.push(await queue.withMemory(decodeBytes, () => decodeImage(buffer)));
    }
    return done;
  });
  return { fields, arrays, images };
}
