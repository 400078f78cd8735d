import { describe, expect, it } from 'vitest';
import { DEFAULT_META, flattenDocument, flattenList, readPath } from './jsonapi';

describe('JSON:API flattening', () => {
  const included = [
    { type: 'account', id: 'a1', attributes: { accountId: 1001, status: 8 } },
    { type: 'document', id: 'd1', attributes: { type: 'Passport' } },
    { type: 'document', id: 'd2', attributes: { type: 'ID card' } },
  ];

  it('merges included resources into the row by relationship name', () => {
    const row = flattenDocument({
      data: {
        type: 'user',
        id: '7',
        attributes: { firstname: 'Awa' },
        relationships: {
          account: { data: { type: 'account', id: 'a1' } },
          document: { data: [{ type: 'document', id: 'd1' }, { type: 'document', id: 'd2' }] },
          photo: { data: null },
        },
      },
      included,
    });
    expect(row).toEqual({
      id: '7',
      type: 'user',
      firstname: 'Awa',
      account: { id: 'a1', accountId: 1001, status: 8 },
      document: [
        { id: 'd1', type: 'Passport' },
        { id: 'd2', type: 'ID card' },
      ],
      photo: null,
    });
    expect(readPath(row, 'account.accountId')).toBe(1001);
    expect(readPath(row, 'photo.url')).toBeUndefined();
  });

  it('[UW-9.01] a list without meta gets the default page meta', () => {
    expect(flattenList({ data: [] }).meta).toEqual(DEFAULT_META);
    expect(DEFAULT_META).toEqual({ itemTotal: 0, pageNumber: 1, pageSize: 10, pageTotal: 1 });
  });
});
