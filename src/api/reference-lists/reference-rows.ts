// Reference lists (users-and-wallets §3) read as rows { id, ...attributes } for selects and select filters, and
// cached for long: they change only when an admin edits them.
export const REFERENCE_STALE_MS = 10 * 60_000;

export function referenceRows<A extends object>(data: readonly { id: string; attributes: A }[]): ({ id: string } & A)[] {
  return data.map((entry) => ({ id: entry.id, ...entry.attributes }));
}
