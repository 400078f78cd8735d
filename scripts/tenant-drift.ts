// `npm run check:config`, its second part: where a tenants/<id>.json and the gateway's tenant with the same id disagree
// (docs/decisions.md "One story for tenants": one tenant; the file seeds the identity side, then the Control Panel
// owns it in the database). It reads the gateway's database directly (DATABASE_URL, else <TELLER_DATA_DIR>/teller.db)
// and says clearly when there is none. A disagreement is reported, not a failure: the Control Panel may change a
// tenant on purpose, and the file is then the one to bring in line.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Db } from '../server/db/connection.ts';
import { describeDatabase, isPostgresUrl, openDatabase } from '../server/db/connection.ts';
import { clientOfFile, readTenantFiles, type TenantFile } from '../server/seed/tenants.ts';
import { tenantClaimOf } from '../server/domain/identity/tenants.ts';
import type { Problem } from '../src/config/check/index.ts';

/** A tenant as the gateway keeps it: the identity client and the flags the file sets. */
export interface GatewayTenant {
  id: string;
  name: string;
  type: string;
  clientId: string;
  grantTypes: string[];
  scopes: string[];
  claim: string;
  admin: boolean;
  main: boolean;
  payoutAdmin: boolean;
  currency: string;
  description: string;
  clientClaimsPrefix: string;
  clientRoles: number;
}

export interface TenantDriftReport {
  /** Why the comparison did not run; undefined when it did. */
  skipped?: string;
  /** Where a file and its gateway tenant disagree. */
  disagreements: Problem[];
  /** Tenants on one side only. */
  notices: string[];
}

const FIX = 'the Control Panel owns the identity side once seeded: change the file to match, or the tenant in the Control Panel';

const shown = (value: unknown) => JSON.stringify(value);

/** Compares each file with the gateway's tenant of the same id; pure, for tests and the command. */
export function tenantDrift(files: readonly TenantFile[], tenants: readonly GatewayTenant[]): TenantDriftReport {
  const byId = new Map(tenants.map((tenant) => [tenant.id, tenant]));
  const disagreements: Problem[] = [];
  const notices: string[] = [];
  for (const tenantFile of files) {
    const file = `tenants/${tenantFile.id}.json`;
    const tenant = byId.get(tenantFile.id);
    if (!tenant) {
      notices.push(`${file}: the gateway has no tenant '${tenantFile.id}' (a seed writes the files into an empty database only)`);
      continue;
    }
    const client = clientOfFile(tenantFile);
    const differ = (pointer: string, fileValue: unknown, gatewayValue: unknown) => {
      if (shown(fileValue) === shown(gatewayValue)) return;
      disagreements.push({ file, pointer, message: `the file says ${shown(fileValue)}, the gateway's tenant says ${shown(gatewayValue)}`, fix: FIX });
    };
    differ('/name', tenantFile.name, tenant.name);
    differ('/type', tenantFile.type, tenant.type);
    differ('/clientId', tenantFile.clientId, tenant.clientId);
    if (!tenant.grantTypes.includes(tenantFile.grantType)) differ('/grantType', tenantFile.grantType, tenant.grantTypes.join(','));
    differ('/scope', [...client.scopes].sort().join(' '), [...tenant.scopes].sort().join(' '));
    differ('/claim', tenantClaimOf(tenantFile.id, client.claims), tenant.claim);
    differ('/admin', tenantFile.admin === true, tenant.admin);
    differ('/main', tenantFile.main === true, tenant.main);
    differ('/payoutAdmin', tenantFile.payoutAdmin === true, tenant.payoutAdmin);
    differ('/currency', tenantFile.currency ?? 'GMD', tenant.currency);
    // Fields a file may leave to their defaults are compared only when it sets them.
    if (tenantFile.description !== undefined) differ('/description', tenantFile.description, tenant.description);
    if (tenantFile.clientClaimsPrefix !== undefined) differ('/clientClaimsPrefix', tenantFile.clientClaimsPrefix, tenant.clientClaimsPrefix);
    if (tenantFile.clientRoles !== undefined) differ('/clientRoles', client.clientRoles.reduce((bits, role) => bits | role, 0), tenant.clientRoles);
  }
  const fileIds = new Set(files.map((tenantFile) => tenantFile.id));
  for (const tenant of tenants) {
    if (!fileIds.has(tenant.id)) notices.push(`the gateway's tenant '${tenant.id}' has no tenants/${tenant.id}.json: it shows its type's menu (${tenant.type}) until one is added`);
  }
  return { disagreements, notices };
}

/** Every tenant of the gateway's database with its grant types and scopes in order. */
export async function readGatewayTenants(db: Db): Promise<GatewayTenant[]> {
  const rows = await db.selectFrom('tenants').selectAll().orderBy('id').execute();
  const grantTypes = await db.selectFrom('tenant_grant_types').select(['tenant_id', 'name']).orderBy('tenant_id').orderBy('position').execute();
  const scopes = await db.selectFrom('tenant_scopes').select(['tenant_id', 'name']).orderBy('tenant_id').orderBy('position').execute();
  const listOf = (entries: ReadonlyArray<{ tenant_id: string; name: string }>, id: string) => entries.filter((entry) => entry.tenant_id === id).map((entry) => entry.name);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    type: row.type,
    clientId: row.client_id,
    grantTypes: listOf(grantTypes, row.id),
    scopes: listOf(scopes, row.id),
    claim: row.claim,
    admin: Number(row.is_admin) === 1,
    main: Number(row.is_main) === 1,
    payoutAdmin: Number(row.payout_admin) === 1,
    currency: row.currency,
    description: row.description,
    clientClaimsPrefix: row.client_claims_prefix,
    clientRoles: Number(row.client_roles),
  }));
}

export interface DatabaseLocation {
  databaseUrl?: string | undefined;
  dataDir: string;
}

/** Where the gateway's data is, as server/main.ts finds it. */
export function databaseFromEnvironment(env: NodeJS.ProcessEnv = process.env): DatabaseLocation {
  return { databaseUrl: env.DATABASE_URL || undefined, dataDir: resolve(env.TELLER_DATA_DIR ?? './data') };
}

const CONNECT_TIMEOUT_MS = 5_000;

/** Compares the tenant files of `tenantsDir` with the database at `location`, or says why it could not. */
export async function checkTenantDrift(location: DatabaseLocation, tenantsDir?: string): Promise<TenantDriftReport> {
  const { databaseUrl, dataDir } = location;
  const where = describeDatabase(location);
  const sqliteFile = databaseUrl === undefined ? join(dataDir, 'teller.db') : isPostgresUrl(databaseUrl) ? undefined : databaseUrl.replace(/^sqlite:/, '');
  if (sqliteFile !== undefined && (sqliteFile === ':memory:' || !existsSync(sqliteFile))) {
    return { skipped: `no gateway database at ${where} (set DATABASE_URL or TELLER_DATA_DIR to compare the tenant files with it)`, disagreements: [], notices: [] };
  }
  const db = openDatabase(location);
  try {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${CONNECT_TIMEOUT_MS / 1000} s`)), CONNECT_TIMEOUT_MS);
    });
    const tenants = await Promise.race([readGatewayTenants(db), timeout]).finally(() => clearTimeout(timer));
    return tenantDrift(readTenantFiles(tenantsDir), tenants);
  } catch (error) {
    return { skipped: `could not read the tenants of ${where}: ${error instanceof Error ? error.message : String(error)}`, disagreements: [], notices: [] };
  } finally {
    await db.destroy();
  }
}
