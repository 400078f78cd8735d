// Users and admins (users-and-wallets §2 to §7) and the audit trail that records what was done to them.
import type { FastifyRequest } from 'fastify';
import { sessionOf } from '../context.ts';
import type { Session } from '../domain/auth/tokens.ts';
import { fileUrlSigner } from '../domain/files/signing.ts';
import { AUDIT_SORT_FIELDS, DEFAULT_AUDIT_SORT, listAuditEvents } from '../domain/users/audit-trail.ts';
import { checkCreateBody, createUser, tenantFacts } from '../domain/users/create.ts';
import { USER_INCLUDES } from '../domain/users/present.ts';
import { parseRowId } from '../domain/users/ids.ts';
import { readUser, readUsers } from '../domain/users/profiles.ts';
import { DEFAULT_USER_SORT, USER_SORT_FIELDS, listVisibleUserIds } from '../domain/users/queries.ts';
import type { UserKind } from '../domain/users/rules.ts';
import { checkUserUpdate, updateUser } from '../domain/users/update.ts';
import {
  HttpError,
  listDocument,
  listMeta,
  parseFilters,
  parseInclude,
  parsePaging,
  parseSort,
  type Query,
} from '../http/jsonapi.ts';
import type { BodyChecks, Handlers } from './types.ts';

/** What the create answers include (the contract's x-spec-gap-decision for createAdmin / createEndUser). */
const CREATED_INCLUDES = new Set(['account', 'account-action', 'email', 'phonenumber', 'wallet']);

function signer(request: FastifyRequest) {
  const { teller } = request.server;
  return fileUrlSigner(teller.jwtSecret, teller.now());
}

function pathUserId(request: FastifyRequest): number {
  const id = parseRowId((request.params as { id?: unknown }).id);
  if (id === undefined) throw new HttpError(404, 'User not found');
  return id;
}

/** The creator sees the user they just created once, even when their own scope will not list it later. */
function creatorView(session: Session): Session {
  return { ...session, roles: [4] };
}

async function create(request: FastifyRequest, kind: UserKind) {
  const session = sessionOf(request);
  const { db, teller } = request.server;
  const userId = await createUser(db, session, kind, request.body, { now: teller.now(), log: teller.outboxLog });
  const document = await readUser(db, creatorView(session), userId, { include: CREATED_INCLUDES, signUrl: signer(request) });
  if (!document) throw new HttpError(404, 'User not found');
  return document;
}

async function checkCreate(body: unknown, request: FastifyRequest, kind: UserKind): Promise<void> {
  const session = sessionOf(request);
  const tenant = await tenantFacts(request.server.db, session.tenantId);
  checkCreateBody(body, kind, session, request.server.teller.now(), tenant.creditUnion);
}

/** The create and edit rules of users-and-wallets §5 and §6, with the spec's messages, before schema validation. */
export const bodyChecks: BodyChecks = {
  createAdmin: (body, request) => checkCreate(body, request, 'admin'),
  createEndUser: (body, request) => checkCreate(body, request, 'endUser'),
  async updateUser(body, request) {
    const userId = parseRowId((request.params as { id?: unknown }).id);
    if (userId === undefined) return;
    await checkUserUpdate(request.server.db, sessionOf(request), userId, body, request.server.teller.now());
  },
};

export const handlers: Handlers = {
  async listUsers(request) {
    const session = sessionOf(request);
    const query = request.query as Query;
    const page = parsePaging(query);
    const sort = parseSort(query.sort, USER_SORT_FIELDS, DEFAULT_USER_SORT);
    const include = parseInclude(query.include, USER_INCLUDES);
    const { db } = request.server;
    const { ids, total } = await listVisibleUserIds(db, session, { filters: parseFilters(query), sort, page });
    const { data, included } = await readUsers(db, session, ids, { include, signUrl: signer(request) });
    return listDocument(data, listMeta(page, total), included);
  },

  async getUser(request) {
    const session = sessionOf(request);
    const include = parseInclude((request.query as Query).include, USER_INCLUDES);
    const document = await readUser(request.server.db, session, pathUserId(request), {
      include,
      signUrl: signer(request),
      withServices: true,
    });
    if (!document) throw new HttpError(404, 'User not found');
    return document;
  },

  async createAdmin(request, reply) {
    const document = await create(request, 'admin');
    return reply.code(201).send(document);
  },

  async createEndUser(request, reply) {
    const document = await create(request, 'endUser');
    return reply.code(201).send(document);
  },

  async updateUser(request) {
    const session = sessionOf(request);
    const { db, teller } = request.server;
    const userId = pathUserId(request);
    await updateUser(db, session, userId, request.body, teller.now());
    const include = parseInclude((request.query as Query).include, USER_INCLUDES);
    const document = await readUser(db, session, userId, { include, signUrl: signer(request) });
    if (!document) throw new HttpError(404, 'User not found');
    return document;
  },

  async listAuditEvents(request) {
    const session = sessionOf(request);
    const query = request.query as Query;
    const page = parsePaging(query);
    const sort = parseSort(query.sort, AUDIT_SORT_FIELDS, DEFAULT_AUDIT_SORT);
    const { data, total } = await listAuditEvents(request.server.db, session, { filters: parseFilters(query), sort, page });
    return listDocument(data, listMeta(page, total));
  },
};
