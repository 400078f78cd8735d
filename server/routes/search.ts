// The command palette's look-ups: users by account id, phone, e-mail or name, wallet transactions by reference.
// Each reuses its list's domain query, so tenant isolation and the role scope of 16 and 64 (users-and-wallets §6,
// domain/scope.ts) are the lists' own.
import { sessionOf } from '../context.ts';
import { fileUrlSigner } from '../domain/files/signing.ts';
import { readUsers } from '../domain/users/profiles.ts';
import { USER_SORT_FIELDS, listVisibleUserIds } from '../domain/users/queries.ts';
import { listTransactions } from '../domain/wallet/listing.ts';
import { HttpError, listDocument, listMeta, parsePaging, parseSort } from '../http/jsonapi.ts';
import { TRANSACTION_SORTS } from '../domain/wallet/query.ts';
import { presentUsers } from './_users.ts';
import { transactionList } from './_transactions.ts';
import type { Handlers } from './types.ts';

/** Fewer characters than this would match most of a tenant. */
export const MIN_SEARCH_LENGTH = 2;
const SEARCH_INCLUDES = new Set(['account', 'email', 'phonenumber']);

/** The trimmed search text; too short is a 422 naming the parameter (the contract checks type and length). */
function searchText(value: string): string {
  const text = value.trim();
  if (text.length < MIN_SEARCH_LENGTH) {
    throw new HttpError(422, `Type at least ${MIN_SEARCH_LENGTH} characters to search`, { parameter: 'filter[query]' });
  }
  return text;
}

export const handlers: Handlers = {
  async searchUsers(request) {
    const session = sessionOf(request);
    const { query } = request;
    const anyText = searchText(query['filter[query]']);
    const page = parsePaging(query, { defaultSize: 10, maxSize: 50 });
    const sort = parseSort('fullname', USER_SORT_FIELDS, 'fullname');
    const { db, teller } = request.server;
    const { ids, total } = await listVisibleUserIds(db, session, { filters: { anyText }, sort, page });
    const profiles = await readUsers(db, session, ids, { withDocuments: false });
    const { data, included } = presentUsers(profiles, SEARCH_INCLUDES, fileUrlSigner(teller.jwtSecret, teller.now()));
    return listDocument(data, listMeta(page, total), included);
  },

  async searchWalletTransactions(request) {
    const session = sessionOf(request);
    const { query } = request;
    const referenceNumber = searchText(query['filter[query]']);
    const page = parsePaging(query, { defaultSize: 10, maxSize: 50 });
    const sort = parseSort(undefined, TRANSACTION_SORTS, '-created');
    return transactionList(await listTransactions(request.server.db, session, { filters: { referenceNumber }, sort, page }), page);
  },
};
