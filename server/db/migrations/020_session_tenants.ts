// The tenants a session has switched to (connect/token), so a browser that authenticates by its session cookie
// (issue 28 item 4, server/http/cookie-auth.ts) can act in any of them from any of its tabs: a tab names its tenant in
// `X-Teller-Tenant`, and the gateway finds the switch here instead of in a token the page would have to hold. A row
// lasts no longer than the tenant token connect/token gave; the session's revocation ends it with the session.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('session_tenants')
    .addColumn('session_id', 'text', (col) => col.notNull().references('sessions.id'))
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id'))
    .addColumn('expires', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('session_tenants_pk', ['session_id', 'tenant_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('session_tenants').execute();
}
