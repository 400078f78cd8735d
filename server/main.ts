// `npm start`: the reference gateway with the demo world (and the built web app when dist/ exists).
import { resolve } from 'node:path';
import { buildApp, isLogLevel, LOG_LEVELS, type LogLevel } from './app.ts';
import { isLeadProcess, isSupervisor, processCount, superviseGateways } from './cluster.ts';
import { describeDatabase } from './db/connection.ts';
import { BANK_MODES, isBankMode, type BankMode } from './domain/bank/simulated.ts';
import { serveMetrics, shareWithSupervisor, withProcessMetrics } from './http/metrics.ts';
import { parseTrustedProxies } from './http/trusted-proxies.ts';
import { DEMO_PASSWORD, seedIfEmpty } from './seed/index.ts';
import { DEMO_TOTP_SECRET, enrolDemoFactors } from './seed/second-factors.ts';
import { sealingKey } from './domain/auth/second-factor/sealed.ts';
import { closeOnSignals } from './shutdown.ts';
import { fromRoot } from './paths.ts';

const env = process.env;
const port = Number(env.PORT ?? 8080);
const host = env.HOST ?? 'localhost';
const dataDir = resolve(env.TELLER_DATA_DIR ?? './data');
const demo = env.NODE_ENV !== 'production';
const serveWeb = env.TELLER_SERVE_WEB !== '0';
const distDir = fromRoot('dist');
const serverEntry = fromRoot('dist-server', 'entry-server.js');
// Request lines are debug in demo mode (app.ts); LOG_LEVEL=debug shows them, LOG_LEVEL=warn hides the outbox lines.
const requestedLevel = env.LOG_LEVEL?.trim().toLowerCase() || 'info';
const logLevel: LogLevel = isLogLevel(requestedLevel) ? requestedLevel : 'info';
if (!isLogLevel(requestedLevel)) console.warn(`LOG_LEVEL=${env.LOG_LEVEL ?? ''} is not one of ${LOG_LEVELS.join(', ')}; using info.`);

/** A whole number of milliseconds from the environment, else the fallback (with a warning for a bad value). */
function milliseconds(name: string, fallback: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  if (/^\d{1,9}$/.test(text) && Number(text) > 0) return Number(text);
  console.warn(`${name}=${text} is not a whole number of milliseconds; using ${fallback}.`);
  return fallback;
}

// The simulated bank's mode (remittances-and-payouts §4 'Account unreachable', time-outs): demo mode only.
const requestedBankMode = env.TELLER_BANK_MODE?.trim().toLowerCase() || 'normal';
let bankMode: BankMode = 'normal';
if (!isBankMode(requestedBankMode)) console.warn(`TELLER_BANK_MODE=${env.TELLER_BANK_MODE ?? ''} is not one of ${BANK_MODES.join(', ')}; using normal.`);
else if (requestedBankMode !== 'normal' && !demo) console.warn(`TELLER_BANK_MODE=${requestedBankMode} is ignored in production.`);
else bankMode = requestedBankMode;

// A mistake in the trusted proxies stops the gateway: guessing would trust a hop the operator did not name, or make
// every client share the proxy's address.
const trustedProxies = (() => {
  try {
    return parseTrustedProxies(env.TELLER_TRUSTED_PROXIES);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
})();

// TELLER_METRICS_PORT: the Prometheus scrape listener (http/metrics.ts), on TELLER_METRICS_HOST (loopback by
// default); unset, there is none. A mistake stops the gateway rather than leave the operator's scraper blind.
const metricsListener = (() => {
  const text = env.TELLER_METRICS_PORT?.trim();
  if (!text) return undefined;
  if (!/^\d{1,5}$/.test(text) || Number(text) < 1 || Number(text) > 65_535) {
    console.error(`TELLER_METRICS_PORT=${text} is not a port (a whole number from 1 to 65535).`);
    process.exit(1);
  }
  return { port: Number(text), host: env.TELLER_METRICS_HOST?.trim() || '127.0.0.1' };
})();

// TELLER_PROCESSES=auto|N: this process only supervises N gateway processes (server/cluster.ts), each running what follows.
const processes = processCount(env.TELLER_PROCESSES);
if (isSupervisor(processes)) {
  process.exit(
    await superviseGateways({
      processes,
      databaseUrl: env.DATABASE_URL || undefined,
      dataDir,
      demo,
      metrics: metricsListener,
      log: (line) => console.log(line),
      onSeeded: (seeded, ms) => console.log(`Seeded the demo world in ${ms} ms: ${seeded.tenants} tenants, ${seeded.users} users, ${seeded.wallets} wallets.`),
    }),
  );
}

const app = await buildApp({
  databaseUrl: env.DATABASE_URL || undefined,
  dataDir,
  demo,
  logLevel,
  web: { root: serveWeb ? distDir : undefined, gatewayUrl: env.TELLER_PUBLIC_GATEWAY_URL ?? '', serverEntry },
  bank: { mode: bankMode, timeoutMs: milliseconds('TELLER_BANK_TIMEOUT_MS', 5_000) },
  settlerIntervalMs: isLeadProcess() ? milliseconds('TELLER_SETTLER_INTERVAL_MS', 5_000) : undefined,
  trustedProxies,
  // Issue 28: the origins passkeys are used from, comma-separated; the request's own origin when unset.
  webauthnOrigins: (env.TELLER_WEBAUTHN_ORIGINS ?? '').split(',').map((origin) => origin.trim()).filter(Boolean),
});

const started = Date.now();
const seeded = await seedIfEmpty(app.db, { demo });
// Issue 28: the demo logins that must sign in with a second factor get the demo's authenticator-app secret.
const factorLogins = demo ? await enrolDemoFactors(app.db, sealingKey(app.teller.jwtSecret), app.teller.now()) : [];
if (seeded) {
  app.log.info(`Seeded the demo world in ${Date.now() - started} ms: ${seeded.tenants} tenants, ${seeded.users} users, ${seeded.wallets} wallets, ${seeded.transactions} wallet transactions, ${seeded.remittances} remittances, ${seeded.uptTransactions} UPT transactions.`);
}

if (processes > 1) shareWithSupervisor(withProcessMetrics(app.metrics));
else if (metricsListener) (await serveMetrics(withProcessMetrics(app.metrics), metricsListener)).unref();

closeOnSignals(app, { graceMs: milliseconds('TELLER_SHUTDOWN_GRACE_MS', 10_000) });

await app.listen({ port, host });

const logins = await app.db
  .selectFrom('accounts')
  .innerJoin('users', 'users.id', 'accounts.user_id')
  .select(['accounts.username', 'accounts.roles', 'users.tenant_id'])
  .where('accounts.username', 'like', '%@demo.test')
  .orderBy('accounts.account_id')
  .execute();
const lines = [
  '',
  `Teller gateway on http://${host}:${port}  (data: ${describeDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir })}, ${demo ? 'demo mode' : 'production mode'}${processes > 1 ? `, ${processes} processes` : ''})`,
];
if (metricsListener) lines.push(`Metrics: http://${metricsListener.host}:${metricsListener.port}/metrics`);
if (demo) {
  lines.push(`Outbox (codes and e-mails): http://${host}:${port}/dev/outbox`, '', `Demo logins (password ${DEMO_PASSWORD}):`);
  for (const login of logins) lines.push(`  ${(login.username ?? '').padEnd(22)} role ${String(login.roles).padEnd(4)} tenant ${login.tenant_id}`);
  if (factorLogins.length > 0) {
    lines.push(
      '',
      `Second factor of ${factorLogins.join(', ')}: authenticator-app secret ${DEMO_TOTP_SECRET} (add it to any app),`,
      `or the current code: npx tsx scripts/totp.ts ${DEMO_TOTP_SECRET}`,
    );
  }
}
if (isLeadProcess()) console.log(lines.join('\n'));

// The config's verdict, checked once at start on the checker's thread: a problem shows in the log at once, and the
// first admin to open Config reads the kept verdict instead of waiting for a check (2.4 s of work on an idle machine
// of two cores, ten on a busy one).
void app.teller.configChecker.health(app.teller.configDir, app.teller.now()).then(
  (health) => {
    if (!isLeadProcess()) return;
    const problems = health.files.flatMap((verdict) => verdict.problems.map((problem) => `  ${verdict.file}#${problem.pointer} ${problem.message}`));
    if (problems.length === 0) app.log.info(`Config: all ${health.files.length} files are ok.`);
    else app.log.warn(`Config: ${problems.length} problem(s); the Config page and npm run check:config say how to fix each:\n${problems.join('\n')}`);
  },
  (error: unknown) => {
    // A stop during the check ends its thread; that is no failure to report.
    if (app.server.listening) app.log.error({ err: error }, 'Config check at start failed; the Config page checks again when opened');
  },
);
