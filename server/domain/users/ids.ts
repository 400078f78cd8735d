// Row ids on the wire are strings; inside they are 32-bit integer columns.

/** Ids are 32-bit integer columns: a larger number would make PostgreSQL fail the query instead of finding nothing. */
const MAX_ID = 2_147_483_647;

/** How a row id is written on the wire: decimal digits without a leading zero, at most ten. */
export const ROW_ID_TEXT = /^[1-9]\d{0,9}$/;

/** A row id (user, group, actor) from the wire; anything that is not one of ours is simply not found. */
export function parseRowId(text: unknown): number | undefined {
  if (typeof text !== 'string' || !ROW_ID_TEXT.test(text)) return undefined;
  const id = Number(text);
  return id <= MAX_ID ? id : undefined;
}
