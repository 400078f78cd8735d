// Users and admins (users-and-wallets §2 to §7) and the audit trail that records what was done to them.
import type { FastifyRequest } from 'fastify';
import { outboxLogOf, sessionOf } from '../context.ts';
import type { Session } from '../domain/auth/tokens.ts';
import { fileUrlSigner } from '../domain/files/signing.ts';
import { AUDIT_SORT_FIELDS, DEFAULT_AUDIT_SORT, listAuditEvents, type AuditEvent } from '../domain/users/audit-trail.ts';
import { checkCreateBody, createUser, tenantFacts } from '../domain/users/create.ts';
import { parseRowId } from '../domain/users/ids.ts';
import { readUser, readUsers, type ProfileOptions } from '../domain/users/profiles.ts';
import { DEFAULT_USER_SORT, USER_SORT_FIELDS, listVisibleUserIds } from '../domain/users/queries.ts';
import { USER_NOT_FOUND, type UserKind } from '../domain/users/rules.ts';
import { checkUserUpdate, updateUser } from '../domain/users/update.ts';
import { HttpError, listDocument, listMeta, parseInclude, parsePaging, parseSort, resource, textFilters } from '../http/jsonapi.ts';
import { stampChangeCursor } from './_change-cursor.ts';
import { USER_INCLUDES, parseUserFilters, presentUsers, userDocument } from './_users.ts';
import type { BodyChecks, Handlers, RequestOf, Schema } from './types.ts';

/** What the create answers include (the contract's x-spec-gap-decision for createAdmin / createEndUser). */
const CREATED_INCLUDES = new Set(['account', 'account-action', 'email', 'phonenumber', 'wallet']);

function signer(request: FastifyRequest) {
  const { teller } = request.server;
  return fileUrlSigner(teller.jwtSecret, teller.now());
}

const userNotFound = () => new HttpError(404, USER_NOT_FOUND);

function pathUserId(id: string): number {
  const userId = parseRowId(id);
  if (userId === undefined) throw userNotFound();
  return userId;
}

/** The user's document with what `include` names; a user the session may not see is a 404. */
async function userAnswer(request: FastifyRequest, session: Session, userId: number, include: ReadonlySet<string>, options: Omit<ProfileOptions, 'withDocuments'> = {}) {
  const profile = await readUser(request.server.db, session, userId, { ...options, withDocuments: include.has('document') });
  if (!profile) throw userNotFound();
  return userDocument(profile, include, signer(request));
}

/** The creator sees the user they just created once, even when their own scope will not list it later. */
function creatorView(session: Session): Session {
  return { ...session, roles: [4] };
}

async function create(request: RequestOf<'createAdmin'> | RequestOf<'createEndUser'>, kind: UserKind) {
  const session = sessionOf(request);
  const { db, teller } = request.server;
  const userId = await createUser(db, session, kind, request.body, { now: teller.now(), log: outboxLogOf(request) });
  return userAnswer(request, creatorView(session), userId, CREATED_INCLUDES);
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
    const userId = parseRowId(request.params.id);
    if (userId === undefined) return;
    await checkUserUpdate(request.server.db, sessionOf(request), userId, body, request.server.teller.now());
  },
};

function auditEventResource(event: AuditEvent): Schema<'AuditEvent'> {
  return resource('audit-event', event.id, {
    at: event.at,
    actorId: event.actorId === null ? null : String(event.actorId),
    actorEmail: event.actorEmail,
    tenant: event.tenant,
    action: event.action,
    entity: event.entity,
    entityId: event.entityId,
    before: event.before,
    after: event.after,
    reason: event.reason,
  });
}

/** The audit screen's export reads the trail in pages of this size (the contract's listAuditEvents page[size]). */
const AUDIT_MAX_PAGE_SIZE = 10_000;

/** filter[startDate] and filter[endDate] of listAuditEvents (the contract checks each is a date); an end before the start is a 400. */
function auditRange(start: unknown, end: unknown): { startDate?: string; endDate?: string } {
  const { startDate, endDate } = textFilters({ startDate: start, endDate: end });
  if (startDate !== undefined && endDate !== undefined && endDate < startDate) {
    throw new HttpError(400, 'The end date is before the start date', { parameter: 'filter[endDate]' });
  }
  return { ...(startDate === undefined ? {} : { startDate }), ...(endDate === undefined ? {} : { endDate }) };
}

export const handlers: Handlers = {
  async listUsers(request, reply) {
    const session = sessionOf(request);
    await stampChangeCursor(request, reply);
    const { query } = request;
    const page = parsePaging(query);
    const sort = parseSort(query.sort, USER_SORT_FIELDS, DEFAULT_USER_SORT);
    const include = parseInclude(query.include, USER_INCLUDES);
    const { db } = request.server;
    const { ids, total } = await listVisibleUserIds(db, session, { filters: parseUserFilters(query), sort, page });
    const profiles = await readUsers(db, session, ids, { withDocuments: include.has('document') });
    const { data, included } = presentUsers(profiles, include, signer(request));
    return listDocument(data, listMeta(page, total), included);
  },

  async getUser(request) {
    const include = parseInclude(request.query.include, USER_INCLUDES);
    return userAnswer(request, sessionOf(request), pathUserId(request.params.id), include, { withServices: true });
  },

  async createAdmin(request, reply) {
    const document = await create(request, 'admin');
    reply.code(201);
    return document;
  },

  async createEndUser(request, reply) {
    const document = await create(request, 'endUser');
    reply.code(201);
    return document;
  },

  async updateUser(request) {
    const session = sessionOf(request);
    const { db, teller } = request.server;
    const userId = pathUserId(request.params.id);
    await updateUser(db, session, userId, request.body, teller.now());
    return userAnswer(request, session, userId, parseInclude(request.query.include, USER_INCLUDES));
  },

  async listAuditEvents(request) {
    const session = sessionOf(request);
    const { query } = request;
    const page = parsePaging(query, { maxSize: AUDIT_MAX_PAGE_SIZE });
    const sort = parseSort(query.sort, AUDIT_SORT_FIELDS, DEFAULT_AUDIT_SORT);
    const { actorId, entity, ...filters } = textFilters({
      entityId: query['filter[entityId]'],
      entity: query['filter[entity]'],
      action: query['filter[action]'],
      actorId: query['filter[actorId]'],
      actorEmail: query['filter[actorEmail]'],
      tenant: query['filter[tenant]'],
    });
    // An id no user can have matches nothing.
    const actor = actorId === undefined ? {} : { actorId: parseRowId(actorId) ?? -1 };
    const entities = entity === undefined ? {} : { entities: entity.split(',') };
    const range = auditRange(query['filter[startDate]'], query['filter[endDate]']);
    const { rows, total } = await listAuditEvents(request.server.db, session, { filters: { ...filters, ...actor, ...entities, ...range }, sort, page });
    return listDocument(rows.map(auditEventResource), listMeta(page, total));
  },
};
