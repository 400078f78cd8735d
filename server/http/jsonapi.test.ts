import { describe, expect, it } from 'vitest';
import { HttpError, filterText, listMeta, parseInclude, parsePaging, parseSort } from './jsonapi.ts';

function errorOf(run: () => unknown): HttpError {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected an HttpError');
}

describe('JSON:API query parsers', () => {
  it('[UW-3.15] reads page[number] and page[size] with the defaults of users-and-wallets §9', () => {
    expect(parsePaging({})).toEqual({ number: 1, size: 10, offset: 0 });
    expect(parsePaging({ 'page[number]': '3', 'page[size]': 20 })).toEqual({ number: 3, size: 20, offset: 40 });
    expect(parsePaging({ page: { number: '2', size: '5' } })).toEqual({ number: 2, size: 5, offset: 5 });
    expect(listMeta({ number: 2, size: 5, offset: 5 }, 11)).toEqual({ itemTotal: 11, pageNumber: 2, pageSize: 5, pageTotal: 3 });
    expect(listMeta({ number: 1, size: 10, offset: 0 }, 0).pageTotal).toBe(0);
  });

  it('refuses a bad page with a 400 naming the parameter', () => {
    expect(errorOf(() => parsePaging({ 'page[size]': '101' })).errors[0]?.source).toEqual({ parameter: 'page[size]' });
    expect(errorOf(() => parsePaging({ 'page[number]': '0' })).status).toBe(400);
    expect(errorOf(() => parsePaging({ 'page[number]': '1.5' })).status).toBe(400);
    expect(parsePaging({ 'page[size]': '100000' }, { maxSize: 100_000 }).size).toBe(100_000);
  });

  it('reads one sort field against an allow-list, - for descending', () => {
    const allowed = { created: 'users.created', 'account.accountId': 'accounts.account_id' } as const;
    expect(parseSort('-created', allowed, 'account.accountId')).toEqual({ field: 'created', column: 'users.created', direction: 'desc' });
    expect(parseSort(undefined, allowed, 'account.accountId')).toEqual({ field: 'account.accountId', column: 'accounts.account_id', direction: 'asc' });
    expect(errorOf(() => parseSort('password_hash', allowed, 'created')).errors[0]?.source).toEqual({ parameter: 'sort' });
    expect(errorOf(() => parseSort('constructor', allowed, 'created')).status).toBe(400);
  });

  it('reads filter[...] values and include names', () => {
    expect(filterText('256')).toBe('256');
    expect(filterText(' ')).toBeUndefined();
    expect(filterText(undefined)).toBeUndefined();
    expect(filterText(['1', '8'])).toBe('8');
    expect(filterText(64)).toBe('64');
    expect([...parseInclude('account,photo', ['account', 'photo', 'wallet'])]).toEqual(['account', 'photo']);
    expect(errorOf(() => parseInclude('account,secrets', ['account'])).errors[0]?.source).toEqual({ parameter: 'include' });
  });

  it('makes one 422 error per field with its pointer', () => {
    const error = HttpError.invalidAttributes({ firstname: 'first name is not in correct format', phonenumber: 'Invalid Mobile Number' });
    expect(error.status).toBe(422);
    expect(error.errors).toEqual([
      { status: '422', title: 'first name is not in correct format', source: { pointer: '/data/attributes/firstname' } },
      { status: '422', title: 'Invalid Mobile Number', source: { pointer: '/data/attributes/phonenumber' } },
    ]);
  });
});
