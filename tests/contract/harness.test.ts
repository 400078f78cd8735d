import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  CONTRACT_FILE,
  ContractError,
  expectMatchesContract,
  findOperation,
  listOperations,
  validateRequestBody,
  validateResponse,
} from './harness.ts';

const DECISIONS_FILE = fileURLToPath(new URL('../../docs/decisions.md', import.meta.url));

type JsonObject = { [key: string]: unknown };

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Rows of the "Operations" table of docs/decisions.md as { operationId, method, path }. */
function decisionOperations(): { operationId: string; method: string; path: string }[] {
  const text = readFileSync(DECISIONS_FILE, 'utf8');
  const section = text.split('## Operations')[1]?.split('\n## ')[0] ?? '';
  const rows: { operationId: string; method: string; path: string }[] = [];
  for (const line of section.split('\n')) {
    if (!line.startsWith('| ') || line.startsWith('| operationId') || line.startsWith('|---')) continue;
    const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
    const ids = (cells[1] ?? '').split(',').map((id) => id.trim());
    const [method = '', ...pathWords] = (cells[2] ?? '').split(' ');
    const paths = pathWords
      .join(' ')
      .split(',')
      .map((path) => path.trim())
      .map((path) => (path.startsWith('/api/') || path.startsWith('/connect/') || path.startsWith('/dev/') || path.startsWith('/files/') ? path : `/api/v1${path}`));
    ids.forEach((operationId, index) => {
      rows.push({ operationId, method, path: paths[index] ?? '' });
    });
  }
  return rows;
}

function userDocument(balance: unknown = '1250.00'): JsonObject {
  return {
    data: {
      type: 'user',
      id: 'u-1001',
      attributes: {
        firstname: 'Awa',
        middlename: null,
        lastname: 'Jallow',
        fullname: 'Awa Jallow',
        birthdate: '1990-04-12',
        gender: 'Female',
        nationality: 'Gambian',
        country: 'Gambia',
        externalid: null,
        created: '2024-03-01T09:30:00Z',
        createdby: null,
      },
      relationships: { wallet: { data: { type: 'wallet', id: 'w-1' } } },
    },
    included: [{ type: 'wallet', id: 'w-1', attributes: { currency: 'GMD', balance } }],
  };
}

function createEndUserBody(attributes: JsonObject = {}): JsonObject {
  return {
    data: {
      type: 'User',
      attributes: {
        role: 256,
        firstname: 'Awa',
        lastname: 'Jallow',
        birthdate: '1990-04-12',
        gender: 'Female',
        nationality: 'Gambian',
        phonenumber: '2207012345',
        ...attributes,
      },
    },
  };
}

function walletTransactionBody(attributes: JsonObject): JsonObject {
  return { data: { type: 'wallettransaction', attributes: { ReceiverUserId: 'u-1001', template: 'topup', ...attributes } } };
}

const PDF_BYTES = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

describe('the contract', () => {
  it('has every operation of the decisions.md table, with its method and wire path', () => {
    const expected = decisionOperations();
    expect(expected.length).toBeGreaterThanOrEqual(35);
    const actual = listOperations().map(({ operationId, method, path }) => ({ operationId, method, path }));
    for (const row of expected) {
      expect(actual, `${row.operationId} ${row.method} ${row.path}`).toContainEqual(row);
    }
    expect(new Set(actual.map((operation) => operation.operationId)).size).toBe(actual.length);
  });

  it('accepts every example it documents for a response', () => {
    const document = parse(readFileSync(CONTRACT_FILE, 'utf8')) as unknown;
    if (!isObject(document) || !isObject(document.paths) || !isObject(document.components)) throw new Error('bad contract');
    const responsesById = isObject(document.components.responses) ? document.components.responses : {};
    let checked = 0;
    for (const item of Object.values(document.paths)) {
      if (!isObject(item)) continue;
      for (const operation of Object.values(item)) {
        if (!isObject(operation) || typeof operation.operationId !== 'string' || !isObject(operation.responses)) continue;
        for (const [status, raw] of Object.entries(operation.responses)) {
          const ref = isObject(raw) && typeof raw.$ref === 'string' ? raw.$ref.split('/').pop() : undefined;
          const response = ref === undefined ? raw : responsesById[ref];
          if (!isObject(response) || !isObject(response.content)) continue;
          for (const [media, spec] of Object.entries(response.content)) {
            if (!isObject(spec) || spec.example === undefined) continue;
            validateResponse(operation.operationId, Number(status), media, spec.example);
            checked += 1;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});

describe('validateResponse', () => {
  it('[UW-3.02] accepts a session answer with id and accessToken and rejects one without accessToken', () => {
    const session = {
      data: {
        type: 'token',
        id: 's-1',
        attributes: {
          accessToken: 'jwt',
          expiresIn: 3600,
          user: { id: 'u-1', email: 'super@demo.test', roles: [4], tenant: 'dssc', tenantName: 'DSSC Admin', tenantType: 'identity', claim: 'dssc', adminTenant: true },
        },
      },
    };
    expect(() => validateResponse('createToken', 200, 'application/json; charset=utf-8', session)).not.toThrow();

    const { accessToken: _dropped, ...withoutToken } = session.data.attributes;
    const broken = { data: { ...session.data, attributes: withoutToken } };
    expect(() => validateResponse('createToken', 200, 'application/json', broken)).toThrow(
      /\/data\/attributes must have required property 'accessToken'/,
    );
  });

  it('[UW-3.04] rejects a wallet balance sent as a float instead of a decimal string', () => {
    expect(() => validateResponse('getUser', 200, 'application/json', userDocument())).not.toThrow();
    expect(() => validateResponse('getUser', 200, 'application/json', userDocument(1250.5))).toThrow(ContractError);
    expect(() => validateResponse('getUser', 200, 'application/json', userDocument('1250.5'))).toThrow(
      /\/included\/0\/attributes\/balance must match pattern/,
    );
  });

  it('[UW-3.15] rejects a user list without the paging meta', () => {
    const list = { data: [userDocument().data], meta: { itemTotal: 1, pageNumber: 1, pageSize: 10, pageTotal: 1 } };
    expect(() => validateResponse('listUsers', 200, 'application/json', list)).not.toThrow();
    expect(() => validateResponse('listUsers', 200, 'application/json', { data: list.data, meta: { itemTotal: 1 } })).toThrow(
      /\/meta must have required property 'pageNumber'/,
    );
  });

  it('[UW-3.11] rejects a wallet transaction answer without its fee', () => {
    const answer = {
      data: {
        type: 'wallettransaction',
        id: 't-1',
        attributes: {
          fee: '5.00',
          referenceNumber: 'WT1',
          transactionDate: '2024-03-01T10:05:00Z',
          amount: '500.00',
          currency: 'GMD',
          status: 'PENDING',
          type: 1,
        },
      },
    };
    expect(() => validateResponse('createWalletTransaction', 201, 'application/json', answer)).not.toThrow();
    const { fee: _fee, ...noFee } = answer.data.attributes;
    expect(() =>
      validateResponse('createWalletTransaction', 201, 'application/json', { data: { ...answer.data, attributes: noFee } }),
    ).toThrow(/must have required property 'fee'/);
  });

  it('rejects a status code the operation does not document', () => {
    expect(() => validateResponse('getUser', 500, 'application/json', { errors: [{ status: '500', title: 'x' }] })).toThrow(
      /answered 500, a status the contract does not document \(documented: 200, 400, 401, 404\)/,
    );
    expect(() => validateResponse('createAdmin', 200, 'application/json', userDocument())).toThrow(/does not document/);
  });

  it('rejects an undocumented content type and a body that is not JSON', () => {
    expect(() => validateResponse('listCountries', 200, 'text/html', '<html></html>')).toThrow(/Content-Type text\/html is not documented/);
    expect(() => validateResponse('listCountries', 200, 'application/json', '<html></html>')).toThrow(/the body is not JSON/);
  });

  it('accepts a JSON:API error document and rejects an empty errors list', () => {
    const error = { errors: [{ status: '422', title: 'first name is not in correct format', source: { pointer: '/data/attributes/firstname' } }] };
    expect(() => validateResponse('createEndUser', 422, 'application/json', error)).not.toThrow();
    expect(() => validateResponse('createEndUser', 422, 'application/json', { errors: [] })).toThrow(/must NOT have fewer than 1 items/);
    expect(() => validateResponse('createEndUser', 422, 'application/json', { message: 'bad' })).toThrow(/required property 'errors'/);
  });

  it('finds the operation from a wire path with ids and a query, case-sensitively', () => {
    expect(findOperation('GET', '/api/v1/um/User/u-1001?include=account,wallet')?.operationId).toBe('getUser');
    expect(findOperation('patch', '/api/v1/um/user/u-1001?include=account-action')?.operationId).toBe('updateUser');
    expect(findOperation('POST', '/api/v1/um/account/recovery')?.operationId).toBe('verifyRecoveryCode');
    expect(findOperation('PATCH', '/api/v1/um/account/u-7')?.operationId).toBe('updateAccountStatus');
    expect(findOperation('GET', '/api/v1/um/user/u-1001')).toBeUndefined();
    expect(() => validateResponse({ method: 'GET', path: '/api/v1/um/User/u-1' }, 200, 'application/json', userDocument())).not.toThrow();
  });

  it('checks binary answers by their bytes', () => {
    expect(() => validateResponse('getTransactionPdf', 200, 'application/pdf', PDF_BYTES)).not.toThrow();
    expect(() => validateResponse('getTransactionPdf', 200, 'application/pdf', Buffer.from('<html>'))).toThrow(
      /the bytes are not a application\/pdf file/,
    );
  });
});

describe('validateRequestBody: the request schemas carry the spec rules', () => {
  const createEndUser = (attributes: JsonObject) => () =>
    validateRequestBody('createEndUser', 'application/json', createEndUserBody(attributes));

  it('[UW-5.12] accepts accented letters and spaces in a first name and rejects digits', () => {
    expect(createEndUser({ firstname: 'Zoë Anne' })).not.toThrow();
    expect(createEndUser({ firstname: 'Łukasz' })).not.toThrow();
    expect(createEndUser({ firstname: 'J0hn' })).toThrow(/\/data\/attributes\/firstname must match pattern/);
    expect(createEndUser({ firstname: "O'Neil" })).toThrow(ContractError);
  });

  it('[UW-5.13] rejects a first name of 17 letters and accepts 16', () => {
    expect(createEndUser({ firstname: 'A'.repeat(16) })).not.toThrow();
    expect(createEndUser({ firstname: 'A'.repeat(17) })).toThrow(/must NOT have more than 16 characters/);
  });

  it('[UW-5.17] [UW-5.26] accepts an end user without middle name, e-mail or member id', () => {
    expect(createEndUser({})).not.toThrow();
    expect(createEndUser({ middlename: '' })).not.toThrow();
  });

  it('[UW-5.25] requires an e-mail for admins', () => {
    const admin = createEndUserBody({ role: 64, group: 3 });
    expect(() => validateRequestBody('createAdmin', 'application/json', admin)).toThrow(/required property 'email'/);
    const withEmail = createEndUserBody({ role: 64, group: 3, email: 'officer@demo.test' });
    expect(() => validateRequestBody('createAdmin', 'application/json', withEmail)).not.toThrow();
  });

  it('[UW-6.04] [UW-6.08] admins are never role 256 and end users are only role 256', () => {
    const admin = createEndUserBody({ role: 256, email: 'a@demo.test' });
    expect(() => validateRequestBody('createAdmin', 'application/json', admin)).toThrow(/\/data\/attributes\/role/);
    expect(createEndUser({ role: 64 })).toThrow(/\/data\/attributes\/role must be equal to constant/);
  });

  it('[UW-5.30] accepts phones of 7 and 20 digits and rejects 6, 21 and non-digits', () => {
    expect(createEndUser({ phonenumber: '1234567' })).not.toThrow();
    expect(createEndUser({ phonenumber: '1'.repeat(20) })).not.toThrow();
    expect(createEndUser({ phonenumber: '123456' })).toThrow(/phonenumber must match pattern/);
    expect(createEndUser({ phonenumber: '1'.repeat(21) })).toThrow(/phonenumber must match pattern/);
    expect(createEndUser({ phonenumber: '+220 701' })).toThrow(/phonenumber must match pattern/);
  });

  it('[UW-5.23] rejects a birth date that is not YYYY-MM-DD', () => {
    expect(createEndUser({ birthdate: '12/04/1990' })).toThrow(/birthdate must match format "date"/);
  });

  it('[UW-5.05] rejects a new password of 5 characters', () => {
    const body = (password: string) => ({ data: { type: 'Account', attributes: { password, resetPasswordToken: 't0k3n' } } });
    expect(() => validateRequestBody('resetPassword', 'application/json', body('abcdef'))).not.toThrow();
    expect(() => validateRequestBody('resetPassword', 'application/json', body('abcde'))).toThrow(/fewer than 6 characters/);
  });

  it('[UW-5.54] rejects a one-time code of fewer than 6 digits', () => {
    const body = (Otp: string) => ({ data: { type: 'wallettransaction', attributes: { Otp } } });
    expect(() => validateRequestBody('confirmWalletTransaction', 'application/json', body('482913'))).not.toThrow();
    expect(() => validateRequestBody('confirmWalletTransaction', 'application/json', body('48291'))).toThrow(/Otp must match pattern/);
  });

  it('[UW-5.49] [UW-5.50] takes whole amounts as integers or digit strings, negative for cash-out, never decimals', () => {
    const create = (Amount: unknown) => () =>
      validateRequestBody('createWalletTransaction', 'application/json', walletTransactionBody({ Amount }));
    expect(create(500)).not.toThrow();
    expect(create('500')).not.toThrow();
    expect(create('-200')).not.toThrow();
    expect(create('1'.repeat(20))).not.toThrow();
    expect(create('1'.repeat(21))).toThrow(/Amount must match pattern/);
    expect(create('12.50')).toThrow(/Amount must match pattern/);
    expect(create(12.5)).toThrow(/Amount must be integer/);
  });

  it('[UW-5.42] rejects a fourth document file', () => {
    const form = (files: string[]) => ({ documentType: 'Passport', documentNumber: 'P123', files });
    expect(() => validateRequestBody('uploadDocuments', 'multipart/form-data', form(['a', 'b', 'c']))).not.toThrow();
    expect(() => validateRequestBody('uploadDocuments', 'multipart/form-data', form(['a', 'b', 'c', 'd']))).toThrow(
      /files must NOT have more than 3 items/,
    );
  });
});

describe('expectMatchesContract on app.inject answers', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function appAnswering(route: string, reply: (send: { header: (name: string, value: string) => void }) => unknown) {
    app = Fastify();
    app.get(route, async (_request, response) => reply({ header: (name, value) => void response.header(name, value) }));
    await app.ready();
    return app;
  }

  it('passes a right answer and reports the broken field of a wrong one', async () => {
    const good = await appAnswering('/api/v1/um/User/:id', () => userDocument());
    expectMatchesContract(await good.inject({ method: 'GET', url: '/api/v1/um/User/u-1001?include=wallet' }), 'getUser');
    await good.close();

    const bad = await appAnswering('/api/v1/um/User/:id', () => userDocument(12));
    const res = await bad.inject({ method: 'GET', url: '/api/v1/um/User/u-1001' });
    expect(() => expectMatchesContract(res, 'getUser')).toThrow(/\/included\/0\/attributes\/balance must be string/);
  });

  it('fails when the request went to another operation than the one named', async () => {
    const served = await appAnswering('/api/v1/um/User/:id', () => userDocument());
    const res = await served.inject({ method: 'GET', url: '/api/v1/um/User/u-1001' });
    expect(() => expectMatchesContract(res, 'listUsers')).toThrow(/is operation getUser, not listUsers/);
  });

  it('requires the PDF file name header', async () => {
    const named = await appAnswering('/api/v1/wt/transactions/pdf', ({ header }) => {
      header('content-type', 'application/pdf');
      header('content-disposition', 'attachment; filename="Transactions_2024-03-01_2024-03-07.pdf"');
      return PDF_BYTES;
    });
    const url = '/api/v1/wt/transactions/pdf?filter[startDate]=2024-03-01&filter[endDate]=2024-03-07';
    expectMatchesContract(await named.inject({ method: 'GET', url }), 'getTransactionPdf');
    await named.close();

    const unnamed = await appAnswering('/api/v1/wt/transactions/pdf', ({ header }) => {
      header('content-type', 'application/pdf');
      return PDF_BYTES;
    });
    const res = await unnamed.inject({ method: 'GET', url });
    expect(() => expectMatchesContract(res, 'getTransactionPdf')).toThrow(/header Content-Disposition is required but missing/);
  });
});
