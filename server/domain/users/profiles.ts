// Users with what their profile shows: one (getUser and the answers of create and update) or a page (listUsers).
import type { Db } from '../../db/connection.ts';
import type { Session } from '../auth/tokens.ts';
import { loadDocuments, loadUserRows, loadWalletServices, type DocumentRow, type UserRow, type WalletServiceRow } from './queries.ts';

export interface ProfileOptions {
  /** Read the users' documents and their files. */
  withDocuments: boolean;
  /** getUser carries the top-up dropdown's services. */
  withServices?: boolean;
}

export interface UserProfile {
  row: UserRow;
  /** The user's documents, oldest first; empty unless asked for. */
  documents: DocumentRow[];
  /** The top-up dropdown's services, when asked for. */
  services?: readonly WalletServiceRow[];
}

/** The users (in the order of `ids`) the session may see; the others are left out. */
export async function readUsers(db: Db, session: Session, ids: readonly number[], options: ProfileOptions): Promise<UserProfile[]> {
  const rows = await loadUserRows(db, session, ids);
  const documents = options.withDocuments ? await loadDocuments(db, rows.map((row) => row.id)) : [];
  const services = options.withServices ? await loadWalletServices(db) : undefined;
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const own = documents.filter((document) => document.user_id === id);
    return [services ? { row, documents: own, services } : { row, documents: own }];
  });
}

/** One user's profile, or undefined when the session may not see the user. */
export async function readUser(db: Db, session: Session, id: number, options: ProfileOptions): Promise<UserProfile | undefined> {
  const [profile] = await readUsers(db, session, [id], options);
  return profile;
}
