// Builds the reference gateway (docs/architecture.md "The reference gateway"): storage, the contract's routes, errors.
import { join, resolve } from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TellerContext } from './context.ts';
import { isPostgresUrl, openDatabase, type Db } from './db/connection.ts';
import type { Faults } from './db/faults.ts';
import { migrateToLatest } from './db/migrate.ts';
import { moveFilesFromDisk } from './domain/files/disk.ts';
import { resolveJwtSecret, TokenVerifier } from './domain/auth/tokens.ts';
import { BankLine } from './domain/bank/bank.ts';
import { SimulatedBank, type BankMode } from './domain/bank/simulated.ts';
import { Settler } from './domain/remittances/settler.ts';
import { ConfigChecker } from '../src/config/check/checker-thread.ts';
import { ChangeWaker } from './domain/changes/waker.ts';
import { MAX_UPLOAD_BYTES } from './domain/files/store.ts';
import { MAX_DOCUMENT_FILES } from './domain/files/uploads.ts';
import { loadApprovalRules } from './domain/approvals/rules.ts';
import { gateApprovals } from './http/approval-gate.ts';
import { guardStepUp } from './http/step-up-guard.ts';
import { bearerAuth } from './http/auth.ts';
import { cookieAuth } from './http/cookie-auth.ts';
import { registerCompression } from './http/compression.ts';
import { loadContract, registerContractRoutes } from './http/contract.ts';
import { ListQueries } from './http/list-queries.ts';
import { installErrorHandling, sendError, toErrorResponse } from './http/errors.ts';
import { HttpError } from './http/jsonapi.ts';
import { validatorCompiler } from './http/validation.ts';
import { REQUEST_ID_HEADER, RequestLog, requestIdOf } from './http/request-log.ts';
import { gatewayMetrics } from './http/metrics.ts';
import { registerSecurityHeaders, registerWebApp, type WebOptions } from './http/web.ts';
import { loadRoutes } from './routes/index.ts';
import { ROOT, fromRoot } from './paths.ts';

export const DEFAULT_CONTRACT = fromRoot('openapi', 'gateway.yaml');
/** The folder holding tenants/ and schemas/: the repository's own. */
export const DEFAULT_CONFIG_DIR = ROOT;

/** Largest JSON or form body the gateway reads (uploads have their own limit, MAX_UPLOAD_BYTES a file). */
const MAX_JSON_BYTES = 1_048_576;

/** How long the gateway waits for the bank on one call before answering 504 (remittances-and-payouts §4). */
export const DEFAULT_BANK_TIMEOUT_MS = 5_000;

/** pino's levels; `silent` logs nothing. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

export interface BuildAppOptions {
  /** `postgres://...`, `:memory:`, a SQLite file; default `<dataDir>/teller.db`. */
  databaseUrl?: string | undefined;
  /** Database file, uploads and the generated JWT secret live here. */
  dataDir: string;
  /** Demo mode: GET /dev/outbox answers and outgoing messages are logged. */
  demo: boolean;
  /** The OpenAPI contract; default openapi/gateway.yaml. */
  contractPath?: string;
  /** Where tenants/ and schemas/ are for the config health (getConfigHealth); default DEFAULT_CONFIG_DIR. */
  configDir?: string;
  /** Else env TELLER_JWT_SECRET, else a random secret kept in `<dataDir>/jwt-secret`. */
  jwtSecret?: string | undefined;
  now?: () => Date;
  /** Log as JSON lines (pino) at this level and above; off when absent. */
  logLevel?: LogLevel | undefined;
  /** Shorthand when no logLevel is given: true logs at info, false (the default) logs nothing. */
  logger?: boolean;
  /** Where log lines go; default stdout. */
  logStream?: { write: (line: string) => void };
  /** Serve the built web app and /config.json (main.ts); /config.json is always served. */
  web?: WebOptions;
  /** Runs when the app closes, after the database is closed (tests remove their data directory). */
  onClose?: () => void | Promise<void>;
  /**
   * The simulated bank: its mode at start (honoured in demo mode only; production starts `normal`), the time limit
   * of each call (default DEFAULT_BANK_TIMEOUT_MS) and how long a `slow` bank takes (default 30 s).
   */
  bank?: { mode?: BankMode | undefined; timeoutMs?: number | undefined; slowMs?: number | undefined };
  /** Runs a settler round every this many ms until the app closes (main.ts); no timer when absent. */
  settlerIntervalMs?: number | undefined;
  /** The four-eyes rules' folder (`<tenant>.json` files); default schemas/approvals. */
  approvalsDir?: string;
  /**
   * The proxies (addresses, CIDRs: http/trusted-proxies.ts) whose X-Forwarded-For and X-Forwarded-Proto give the
   * client's address and protocol (`request.ip`, `request.protocol`); none by default.
   */
  trustedProxies?: readonly string[];
  /**
   * The origins passkeys may be used from (WebAuthn's expected origins; the RP ID is the first one's host), e.g.
   * `https://teller.example`; none by default: the request's own origin (issue 28).
   */
  webauthnOrigins?: readonly string[];
  /** A test's fault on the database handle (db/faults.ts): armed, one chosen write fails. Never set in production. */
  faults?: Faults;
}

/** A ready Fastify app; closing it closes the database. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const now = options.now ?? (() => new Date());
  const dataDir = resolve(options.dataDir);
  const logLevel = options.logLevel ?? (options.logger ? 'info' : undefined);
  const app = Fastify({
    logger: logLevel ? { level: logLevel, ...(options.logStream ? { stream: options.logStream } : {}) } : false,
    logController: new RequestLog(options.demo ? 'debug' : 'info'),
    bodyLimit: MAX_JSON_BYTES,
    // proxy-addr's walk: X-Forwarded-For from the right past the trusted hops, the first other address is the client;
    // the protocol from a trusted peer's X-Forwarded-Proto. A peer not in the list is taken as it arrived.
    trustProxy: options.trustedProxies?.length ? [...options.trustedProxies] : false,
    genReqId: requestIdOf,
    // A request that arrives while the app closes gets the JSON:API 503 of the hook below, not Fastify's own body.
    return503OnClosing: false,
    // Bad URLs and over-long parameters fail before routing: same error document as everything else.
    frameworkErrors: (error, _request, reply) => sendError(reply, toErrorResponse(error)),
  });

  const opened = openDatabase({ databaseUrl: options.databaseUrl, dataDir });
  const db = options.faults ? opened.withPlugin(options.faults) : opened;
  app.addHook('onClose', async () => {
    await db.destroy();
    await options.onClose?.();
  });
  try {
    await configure(app, db, options, dataDir, now);
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

async function configure(app: FastifyInstance, db: Db, options: BuildAppOptions, dataDir: string, now: () => Date): Promise<void> {
  await migrateToLatest(db);
  await moveFilesFromDisk(db, dataDir);

  const jwtSecret = resolveJwtSecret({ jwtSecret: options.jwtSecret, dataDir });
  const simulatedBank = new SimulatedBank({
    db,
    now,
    mode: options.demo ? options.bank?.mode : 'normal',
    ...(options.bank?.slowMs === undefined ? {} : { slowMs: options.bank.slowMs }),
  });
  const bank = new BankLine(simulatedBank, options.bank?.timeoutMs ?? DEFAULT_BANK_TIMEOUT_MS);
  const settler = new Settler({ db, bank, now, onError: (error) => app.log.error({ err: error }, 'Settler round failed; it runs again next time') });
  const changes = new ChangeWaker({
    db,
    postgresUrl: options.databaseUrl !== undefined && isPostgresUrl(options.databaseUrl) ? options.databaseUrl : undefined,
    now,
    onError: (error) => app.log.error({ err: error }, 'Change feed wake-up failed; the streams read it again next time'),
  });
  // Closing (SIGTERM, main.ts): new requests are refused, in-flight ones finish; the settler's round in progress
  // finishes before the database closes (onClose), open change streams end, and no timer outlives the app.
  let closing = false;
  const configChecker = new ConfigChecker();
  app.addHook('preClose', async () => {
    closing = true;
    changes.close();
    await settler.stop();
    await configChecker.stop();
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (closing) {
      throw new HttpError(503, 'Service Unavailable', { code: 'shutting_down', detail: 'The gateway is shutting down; try again.' });
    }
  });
  const { handlers, bodyChecks } = await loadRoutes();
  const approvalRules = loadApprovalRules(options.approvalsDir);
  const approvals = gateApprovals(handlers, approvalRules);
  const teller: TellerContext = {
    demo: options.demo,
    dataDir,
    configDir: resolve(options.configDir ?? DEFAULT_CONFIG_DIR),
    configChecker,
    incomingDir: join(dataDir, 'incoming'),
    jwtSecret,
    tokens: new TokenVerifier(jwtSecret),
    now,
    bank,
    simulatedBank,
    settler,
    changes,
    approvals: { rules: approvalRules, run: approvals.run },
    listQueries: new ListQueries(),
    webauthnOrigins: options.webauthnOrigins ?? [],
  };
  app.decorate('db', db);
  app.decorate('teller', teller);
  app.decorate('metrics', gatewayMetrics(app, { db, changes, now }));
  app.decorateRequest('session', null);
  app.decorateRequest('changeCursor', null);

  app.setValidatorCompiler(validatorCompiler);
  // Responses go out as built: the harness checks them against the contract, nothing is silently dropped.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.addContentTypeParser('application/vnd.api+json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  await app.register(formbody, { bodyLimit: MAX_JSON_BYTES });
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_DOCUMENT_FILES, fields: 20, fieldSize: 10_000, parts: 30 },
  });
  registerSecurityHeaders(app, options.web?.gatewayUrl ?? '');

  let fallback: ReturnType<typeof registerWebApp> extends Promise<infer F> ? F : never = () => false;
  installErrorHandling(app, { fallback: (request, reply) => fallback(request, reply) });
  fallback = await registerWebApp(app, options.web ?? { gatewayUrl: '' });
  // After the web app's routes: its files are compressed at build and served as they are (http/web.ts).
  await registerCompression(app);

  teller.listQueries.capture(app);
  const spec = loadContract(options.contractPath ?? DEFAULT_CONTRACT);
  await registerContractRoutes(app, {
    spec,
    // Outermost, so a request refused for its missing step-up is never held for approval (issue 28).
    handlers: guardStepUp(approvals.handlers, spec),
    bodyChecks,
    securityHandlers: { bearerAuth, cookieAuth },
  });
  await app.ready();
  if (options.settlerIntervalMs !== undefined) settler.start(options.settlerIntervalMs);
}

