// Ids on the wire are opaque strings (the contract's Id); the gateway's own are decimal row ids.

/** A row id from the wire, or undefined for anything that cannot name a row (and then matches nothing). */
export function parseId(value: string | undefined): number | undefined {
  if (value === undefined || !/^[0-9]{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id >= 1 ? id : undefined;
}
