import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import { nowIso, type Executor } from '../../db/database.js';
import type { ImagesTable } from '../../db/schema.js';
import type { NormalizedImage } from './normalize.js';

// All SQL of images. Callers store images in the same transaction as the row that uses them, so a failed
// submission leaves nothing.

type ImageRow = Selectable<ImagesTable>;
export type StoredImage = Pick<ImageRow, 'id' | 'filename'>;
export type ImageInfo = Omit<ImageRow, 'data'>;

/** 128 random bits: names cannot be guessed or enumerated, and a name never changes its bytes. */
function newImageFilename(): string {
  return `${randomBytes(16).toString('hex')}.webp`;
}

/** Inserts normalized images in order and returns their ids and names in the same order. */
export async function storeImages(db: Executor, images: readonly NormalizedImage[]): Promise<StoredImage[]> {
  const stored: StoredImage[] = [];
  for (const image of images) {
    const filename = newImageFilename();
    const row = await db
      .insertInto('images')
      .values({
        filename,
        content_type: image.contentType,
        width: image.width,
        height: image.height,
        byte_size: image.data.length,
        data: image.data,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    stored.push({ id: row.id, filename });
  }
  return stored;
}

/** The row without its bytes: enough to answer a 304 or to look up a cached variant. */
export async function findImageInfo(db: Executor, filename: string): Promise<ImageInfo | undefined> {
  return db
    .selectFrom('images')
    .select(['id', 'filename', 'content_type', 'width', 'height', 'byte_size', 'created_at'])
    .where('filename', '=', filename)
    .executeTakeFirst();
}

export async function readImageData(db: Executor, imageId: number): Promise<Buffer | undefined> {
  const row = await db.selectFrom('images').select('data').where('id', '=', imageId).executeTakeFirst();
  return row?.data;
}

export async function findVariant(db: Executor, imageId: number, variant: string): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('image_variants')
    .select('data')
    .where('image_id', '=', imageId)
    .where('variant', '=', variant)
    .executeTakeFirst();
  return row?.data;
}

/**
 * Caches a rendered variant. Two requests may render the same variant at once: the second insert is
 * a no-op (ON CONFLICT DO NOTHING works alike on SQLite and PostgreSQL), both rendered the same bytes.
 */
export async function saveVariant(db: Executor, imageId: number, variant: string, data: Buffer): Promise<void> {
  await db
    .insertInto('image_variants')
    .values({ image_id: imageId, variant, byte_size: data.length, data, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['image_id', 'variant']).doNothing())
    .execute();
}

/**
 * Deletes those of the given images that no product and no seller request uses any more (their cached
 * variants go with them by cascade). Call it in the transaction that dropped the references.
 * Returns how many were deleted.
 */
export async function deleteUnusedImages(db: Executor, imageIds: readonly number[]): Promise<number> {
  const ids = [...new Set(imageIds)];
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('images')
    .where('id', 'in', ids)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('product_images')
            .select('product_images.image_id')
            .whereRef('product_images.image_id', '=', 'images.id'),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('seller_request_images')
            .select('seller_request_images.image_id')
            .whereRef('seller_request_images.image_id', '=', 'images.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
