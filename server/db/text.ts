// Portable text matching for `filter[...]` (the contract: text filters match case-insensitively anywhere).
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/** Escapes LIKE wildcards so a user's `%` or `_` matches itself. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** `lower(column) LIKE '%text%'` with wildcards escaped; the same on SQLite and PostgreSQL. */
export function containsInsensitive(column: Expression<string | null>, text: string): RawBuilder<SqlBool> {
  const pattern = `%${likeEscape(text.toLowerCase())}%`;
  return sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;
}
