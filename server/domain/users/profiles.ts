// Users as JSON:API documents: one profile (getUser and the answers of create and update) or a page (listUsers).
import type { Db } from '../../db/connection.ts';
import type { Resource } from '../../http/jsonapi.ts';
import type { Session } from '../auth/tokens.ts';
import type { FileUrlSigner } from '../files/signing.ts';
import { mergeIncluded, presentUser } from './present.ts';
import { loadDocuments, loadUserRows, loadWalletServices } from './queries.ts';

export interface ProfileOptions {
  include: ReadonlySet<string>;
  signUrl: FileUrlSigner;
  /** getUser carries the top-up dropdown's services. */
  withServices?: boolean;
}

/** The users (in the order of `ids`) the session may see, with what `include` asks for. */
export async function readUsers(db: Db, session: Session, ids: readonly number[], options: ProfileOptions): Promise<{ data: Resource[]; included: Resource[] }> {
  const rows = await loadUserRows(db, session, ids);
  const documents = options.include.has('document') ? await loadDocuments(db, rows.map((row) => row.id)) : [];
  const services = options.withServices ? await loadWalletServices(db) : undefined;
  const byId = new Map(rows.map((row) => [row.id, row]));
  const presented = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [presentUser(row, { include: options.include, signUrl: options.signUrl, documents, ...(services ? { services } : {}) })] : [];
  });
  return { data: presented.map((item) => item.data), included: mergeIncluded(presented.map((item) => item.included)) };
}

/** One user's document, or undefined when the session may not see the user. */
export async function readUser(db: Db, session: Session, id: number, options: ProfileOptions): Promise<{ data: Resource; included?: Resource[] } | undefined> {
  const { data, included } = await readUsers(db, session, [id], options);
  const [user] = data;
  if (!user) return undefined;
  return included.length > 0 ? { data: user, included } : { data: user };
}
