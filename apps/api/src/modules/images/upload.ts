import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { MAX_IMAGES } from '@marketplace/shared';
import { HttpError } from '../../plugins/errors.js';
import { MAX_DECODE_BYTES } from './decode-cost.js';
import { decodeImage, inspectImage, type ImageLimits, type NormalizedImage } from './normalize.js';
import { DecodeQueue, QueueBusyError, type Admission } from './queue.js';
import { UploadSpool } from './spool.js';

/** Largest upload accepted per file, before normalization. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const MAX_IMAGE_MB = MAX_IMAGE_BYTES / (1024 * 1024);

/**
 * Every upload of the process goes through this line. A submission takes one of its sixteen places when
 * its first file starts to arrive, with the bytes its Content-Length says it may hold (at most 30 MB), and
 * its files go to temporary files, not memory, while it arrives and waits: what waits costs disk, and the
 * 240 MiB of uploads all places may hold together bound that (eight submissions at the size cap, twenty of
 * three phone photos). Two decode at once: one per core, and two of libuv's four threads, so a login's
 * scrypt always finds a free one. An ordinary submission (3 phone photos) decodes in about a second, so
 * the last of fourteen in line waits several seconds. Together the two running may hold MAX_DECODE_BYTES
 * of estimated decode memory, so two budget-sized images take turns instead of doubling the peak.
 */
export const uploadQueue = new DecodeQueue({
  active: 2,
  waiting: 14,
  memoryBytes: MAX_DECODE_BYTES,
  uploadBytes: 240 * 1024 * 1024,
});

export interface ReadMultipartOptions {
  /** The one field name files may come under ('images', or 'images[]'). */
  fileField?: string;
  /** At most this many files; one more refuses the whole submission. */
  maxFiles?: number;
  /** The line the files are decoded through (tests pass their own). */
  queue?: DecodeQueue;
  /** Per-image limits (tests lower the decode budget to stay fast). */
  limits?: ImageLimits;
  /** Where the files wait for their decode, each submission in a folder of its own (default: the system's, TMPDIR). */
  tmpDir?: string;
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

/** An error of the file system (writing a temporary file), not of the form: it carries the failing system call. */
function isFileSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string';
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
 * Upload bytes a submission is admitted with: its declared length (the files are part of it), at most what
 * its files may hold. Without a length (a chunked body) it is the most they may hold.
 */
export function admittedBytes(request: Pick<FastifyRequest, 'headers'>, maxFiles: number): number {
  const cap = maxFiles * MAX_IMAGE_BYTES;
  const declared = Number(request.headers['content-length']);
  return Number.isSafeInteger(declared) && declared >= 0 ? Math.min(declared, cap) : cap;
}

/**
 * The one way routes read a multipart submission with images. It reads the whole body first (so the
 * client always gets our answer rather than a reset connection), then normalizes every file; it
 * returns only when everything was good, so the caller writes nothing for a refused submission.
 *
 * Memory: text fields are kept (within the parser's limits); files are not. When the first file starts to
 * arrive the submission takes a place in the queue for the bytes it may hold, and each file is written to
 * a temporary file as it arrives; libvips reads it from there in the submission's decode turn. The
 * temporary files are removed and the place given back before this returns or throws.
 *
 * Refused with a 400: not multipart; a file under another field name; one file too many (the whole
 * submission, not just the extra file); bytes that do not decode as an image; an image over the pixel,
 * frame or decode-memory limit; a text field over the size limit. A file over the size limit is a 413.
 * With every place taken, or the upload bytes they hold too many to take this one's, it is a 503 with
 * Retry-After; such a submission is drained without keeping its files. One without files is never
 * turned away.
 */
export async function readMultipart(
  request: FastifyRequest,
  opts: ReadMultipartOptions = {},
): Promise<MultipartSubmission> {
  const fileField = baseName(opts.fileField ?? 'images');
  const maxFiles = opts.maxFiles ?? MAX_IMAGES;
  const queue = opts.queue ?? uploadQueue;
  if (typeof request.isMultipart !== 'function') throw new Error('@fastify/multipart is not registered');
  if (!request.isMultipart()) throw new HttpError(400, 'Expected multipart/form-data');

  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const arrays: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  const spool = new UploadSpool(opts.tmpDir);
  let place: Admission | undefined;
  // A refusal (HttpError), or a temporary file that could not be written (a full disk is a 507, see errors.ts).
  let refused: Error | undefined;
  let fileCount = 0;

  try {
    try {
      // One more file than allowed is let through the parser so that we, not busboy, name the problem.
      const parts: AsyncIterable<Multipart> = request.parts({
        limits: { files: maxFiles + 1, fileSize: MAX_IMAGE_BYTES },
      });
      for await (const part of parts) {
        if (part.type === 'file') {
          // A browser sends an empty part for a file input left empty: that is no file.
          if (!part.filename) {
            part.file.resume();
            continue;
          }
          if (baseName(part.fieldname) !== fileField)
            refused ??= new HttpError(400, `Images must be sent in the field ${fileField}`);
          else if (++fileCount > maxFiles) refused ??= tooManyFiles(maxFiles);
          // The place is taken before the first byte of the first file is kept, or the submission is turned away.
          if (!refused && !place) {
            place = queue.admit(admittedBytes(request, maxFiles)) ?? undefined;
            if (!place) refused = new QueueBusyError();
          }
          if (refused) {
            part.file.resume(); // drain it: the rest of the body must still be read
            continue;
          }
          try {
            await spool.save(part.file);
            // With throwFileSizeLimit busboy ends a file at the limit; the parts also end with this error.
            if (part.file.truncated) refused ??= fileTooLarge();
          } catch (error) {
            refused ??= isFileSystemError(error) ? error : toHttpError(error, maxFiles);
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
    if (!place || spool.files.length === 0) return { fields, arrays, images: [] };

    // The files are in: the place holds what they take, not what the request might have sent.
    place.shrink(spool.bytes);
    // One turn of the queue for the whole submission; its files one at a time, each header checked before
    // its pixels are decoded, and the first bad file refuses the lot.
    const images = await place.run(async () => {
      const done: NormalizedImage[] = [];
      for (const file of spool.files) {
        const { decodeBytes } = await inspectImage(file.path, opts.limits);
        done.push(await queue.withMemory(decodeBytes, () => decodeImage(file.path)));
      }
      return done;
    });
    return { fields, arrays, images };
  } finally {
    try {
      await spool.dispose();
    } catch (err) {
      request.log.warn({ err }, 'temporary upload files not removed');
    } finally {
      place?.release();
    }
  }
}
