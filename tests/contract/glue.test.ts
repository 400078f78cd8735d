import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONTRACT_FILE, expectMatchesContract, listOperations } from './harness.ts';

// The reference gateway builds its routes and request validation from the contract through
// fastify-openapi-glue (docs/architecture.md); these tests prove the contract loads there and validates requests.

const specification = parse(readFileSync(CONTRACT_FILE, 'utf8')) as object;

type JsonObject = { [key: string]: unknown };

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** operationId → the example of its first documented 2xx JSON answer. */
function successExamples(): Map<string, { status: number; body: unknown }> {
  const examples = new Map<string, { status: number; body: unknown }>();
  const paths = isObject(specification) && isObject(specification.paths) ? specification.paths : {};
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(isObject(item) ? item : {})) {
      if (!isObject(operation) || typeof operation.operationId !== 'string' || !isObject(operation.responses)) continue;
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = isObject(response) && isObject(response.content) ? response.content['application/json'] : undefined;
        if (status.startsWith('2') && isObject(media) && media.example !== undefined && !examples.has(operation.operationId)) {
          examples.set(operation.operationId, { status: Number(status), body: media.example });
        }
      }
    }
  }
  return examples;
}

const examples = successExamples();

const createdUser = {
  data: {
    type: 'user',
    id: 'u-2001',
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
      createdby: 'Grace Group',
      notInTheContract: 'dropped by the serializer',
    },
  },
};

function validEndUser(firstname: string) {
  return {
    data: {
      type: 'User',
      attributes: {
        role: 256,
        firstname,
        lastname: 'Jallow',
        birthdate: '1990-04-12',
        gender: 'Female',
        nationality: 'Gambian',
        phonenumber: '2207012345',
      },
    },
  };
}

describe('the contract in fastify-openapi-glue', () => {
  let server: FastifyInstance;
  const reached: string[] = [];

  // Built once: compiling every schema of the contract takes a few seconds.
  beforeAll(async () => {
    const app = Fastify();
    // Fastify serializes errors with the contract's ErrorDocument schema, so a gateway must answer JSON:API
    // errors (without this, a validation failure cannot be serialized and becomes a 500).
    app.setErrorHandler<FastifyError>((error, _request, reply) => {
      const status = error.statusCode ?? 500;
      return reply.code(status).send({ errors: [{ status: String(status), title: error.message }] });
    });
    await app.register(openapiGlue, {
      specification,
      operationResolver: (operationId: string) => async (_request: FastifyRequest, reply: FastifyReply) => {
        reached.push(operationId);
        if (operationId === 'createEndUser') return reply.code(201).send(createdUser);
        const example = examples.get(operationId);
        if (example) return reply.code(example.status).send(example.body);
        return reply.code(200).send({ data: [], meta: { itemTotal: 0, pageNumber: 1, pageSize: 10, pageTotal: 0 } });
      },
    });
    await app.ready();
    server = app;
  });

  afterAll(async () => {
    await server.close();
  });

  beforeEach(() => {
    reached.length = 0;
  });

  it('becomes one Fastify route per operation, and every schema compiles', () => {
    for (const operation of listOperations()) {
      const url = operation.path.replace(/\{(\w+)\}/g, ':$1');
      expect(server.hasRoute({ method: operation.method as 'GET', url }), `${operation.method} ${url}`).toBe(true);
    }
  });

  it('[UW-5.12] refuses a create-user body that breaks the name rule before any handler runs', async () => {
    const res = await server.inject({ method: 'POST', url: '/api/v1/um/pendingUser', payload: validEndUser('J0hn') });
    expect(res.statusCode).toBe(400);
    expectMatchesContract(res, 'createEndUser');
    expect(res.json<{ errors: { title: string }[] }>().errors[0]?.title).toMatch(/firstname/);
    expect(reached).toEqual([]);
  });

  it('passes a valid body to the handler and serializes only what the contract declares', async () => {
    const res = await server.inject({ method: 'POST', url: '/api/v1/um/pendingUser', payload: validEndUser('Awa') });
    expect(reached).toEqual(['createEndUser']);
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain('notInTheContract');
    expectMatchesContract(res, 'createEndUser');
  });

  it.each([
    ['getUser', '/api/v1/um/User/u-1001?include=account,photo,document,phonenumber,email,wallet,account-action'],
    ['listWalletTransactions', '/api/v1/wallet-transactions?filter[userId]=u-1001&sort=-referenceNumber&page[size]=20'],
    ['listCountries', '/api/v1/um/countries'],
    ['getUserStatistics', '/api/v1/um/statistics'],
    ['listOutbox', '/dev/outbox'],
  ])('serializes the documented example of %s unchanged', async (operationId, url) => {
    const res = await server.inject({ method: 'GET', url });
    expect(reached).toEqual([operationId]);
    expect(res.json()).toEqual(examples.get(operationId)?.body);
    expectMatchesContract(res, operationId);
  });

  it('refuses a page size over 100 on lists', async () => {
    const tooBig = await server.inject({ method: 'GET', url: '/api/v1/um/user?page[size]=101' });
    expect(tooBig.statusCode).toBe(400);
    expectMatchesContract(tooBig, 'listUsers');
    const ok = await server.inject({ method: 'GET', url: '/api/v1/um/user?page[size]=100&filter[account.roles]=-256' });
    expect(ok.statusCode).toBe(200);
    expectMatchesContract(ok, 'listUsers');
  });

  it('[UW-7.25] refuses a wallet transaction without an Idempotency-Key header', async () => {
    const payload = { data: { type: 'wallettransaction', attributes: { Amount: 100, ReceiverUserId: 'u-1', template: 'topup' } } };
    const res = await server.inject({ method: 'POST', url: '/api/v1/wallet-transactions', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: { title: string }[] }>().errors[0]?.title).toMatch(/idempotency-key/i);
  });
});
