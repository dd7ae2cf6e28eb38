import { CURSOR_INVALID, cursorSchema } from '@marketplace/shared';

/** Where a newest-first page ends: the last product's creation time and id (the list's sort key). */
export interface PagePosition {
  createdAt: string;
  id: number;
}

// Opaque to clients (base64url of JSON) so the sort key can change without changing the API.
export function encodeCursor(position: PagePosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
}

// Loose on purpose: any creation time the database holds must make a cursor that decodes again.
const TIME = /^[0-9TZ:.+-]{10,40}$/;

function decodeCursor(text: string): PagePosition | undefined {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const [createdAt, id] = value as unknown[];
  if (typeof createdAt !== 'string' || !TIME.test(createdAt)) return undefined;
  // Ids are 32-bit on PostgreSQL (serial): a larger one would fail in the database, not here.
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) return undefined;
  return { createdAt, id };
}

/** The `cursor` query parameter, decoded; anything that is not a cursor this API gave out is a 400. */
export const cursorParamSchema = cursorSchema.transform((text, ctx) => {
  if (text === undefined) return undefined;
  const position = decodeCursor(text);
  if (!position) ctx.addIssue({ code: 'custom', message: CURSOR_INVALID });
  return position;
});
