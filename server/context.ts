// What every handler can reach: `request.server.db`, `request.server.teller`, `request.session`.
import type { FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';
import type { Db } from './db/connection.ts';
import type { Session, TokenVerifier } from './domain/auth/tokens.ts';
import type { ChangeCursor } from './domain/changes/feed.ts';
import type { BankLine } from './domain/bank/bank.ts';
import type { ChangeWaker } from './domain/changes/waker.ts';
import type { SimulatedBank } from './domain/bank/simulated.ts';
import type { ApprovalRules } from './domain/approvals/rules.ts';
import type { Settler } from './domain/remittances/settler.ts';
import type { ConfigChecker } from '../src/config/check/checker-thread.ts';
import type { ApprovalRunner } from './http/approval-gate.ts';
import type { ListQueries } from './http/list-queries.ts';
import { HttpError } from './http/jsonapi.ts';

export interface TellerContext {
  /** Demo mode: the outbox is served at /dev/outbox and logged. */
  demo: boolean;
  dataDir: string;
  /** The repository folder whose tenants/ and schemas/ the config health checks (getConfigHealth). */
  configDir: string;
  /** Runs check:config's checker off the event loop and keeps its verdict until a file changes. */
  configChecker: ConfigChecker;
  /** Uploads are received here (`<dataDir>/incoming`) and checked before their bytes go to the database. */
  incomingDir: string;
  jwtSecret: Uint8Array;
  /** Verifies bearer tokens signed with jwtSecret, remembering the good ones until they expire. */
  tokens: TokenVerifier;
  /** The clock; tests pass a fixed one. */
  now: () => Date;
  /** The payout bank, every call under the gateway's bank time limit (remittances-and-payouts §4). */
  bank: BankLine;
  /** The simulated bank behind `bank`, whose mode PUT /dev/bank switches in demo mode. */
  simulatedBank: SimulatedBank;
  /** Settles re-initiated and reprocessed payouts; POST /dev/settler runs a round at once in demo mode. */
  settler: Settler;
  /** Wakes this process's change streams when any process wrote a change (routes/changes.ts). */
  changes: ChangeWaker;
  /** Four-eyes rules per tenant (schemas/approvals/) and the runner of an approved request. */
  approvals: { rules: ApprovalRules; run: ApprovalRunner };
  /** The query parameters of each contract operation as its route checks them (a saved view's are checked so). */
  listQueries: ListQueries;
  /** Where passkeys may be used from; empty: the request's own origin (routes/_second-factor.ts). */
  webauthnOrigins: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    teller: TellerContext;
    /** This process's metrics (http/metrics.ts), served by main.ts on the metrics listener. */
    metrics: Registry;
  }
  interface FastifyRequest {
    /** Set by the bearerAuth security handler; null on operations without security. */
    session: Session | null;
    /** The change cursor of a tenant, read with the session by the security handlers (routes/_change-cursor.ts); null without. */
    changeCursor: { tenantId: string; cursor: ChangeCursor } | null;
  }
}

/** The verified session of a secured operation; a 401 if there is none. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new HttpError(401, 'Session has expired', { detail: 'A valid bearer token is required.' });
  return request.session;
}

/** Logs an outbox line on the request's log (with its request id) in demo mode; undefined otherwise (pass it to
 * domain/outbox.ts `send`). */
export function outboxLogOf(request: FastifyRequest): ((line: string) => void) | undefined {
  return request.server.teller.demo ? (line) => request.log.info(line) : undefined;
}

