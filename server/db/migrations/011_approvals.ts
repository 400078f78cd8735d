// Four-eyes approvals (the contract's listApprovals, getApproval, approveApproval, rejectApproval): a maker's request
// that a rule of schemas/approvals/<tenant>.json holds back, stored whole (operation, path parameters, body,
// Idempotency-Key, the maker's session) until a second person approves it, which runs it once, or rejects it.
// `status` moves pending → running → approved | failed, or pending → rejected, each by one conditional UPDATE, so
// two approvers racing on any engine run the request once.
import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { isPostgres } from '../connection.ts';

type Column = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const id: Column = (col) => (pg ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey());
  const notNull: Column = (col) => col.notNull();

  await db.schema
    .createTable('approvals')
    .addColumn('id', 'integer', id)
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id'))
    .addColumn('operation_id', 'text', notNull)
    .addColumn('rule_id', 'text', notNull)
    /** The rule's approver roles and group scope, as JSON { roles, sameGroup }, fixed when the maker asked. */
    .addColumn('approvers_json', 'text', notNull)
    /** pending | running | approved | failed | rejected */
    .addColumn('status', 'text', notNull)
    /** { params, body, idempotencyKey } of the maker's request. */
    .addColumn('request_json', 'text', notNull)
    /** Same operation, parameters, body and key: a maker's retry finds the approval it already made. */
    .addColumn('request_hash', 'text', notNull)
    /** The maker's session as the request ran under it (user, roles, tenant, claim, type, session id). */
    .addColumn('maker_session_json', 'text', notNull)
    .addColumn('maker_user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('maker_group_id', 'integer')
    .addColumn('summary', 'text', notNull)
    .addColumn('before_json', 'text', notNull)
    .addColumn('after_json', 'text', notNull)
    .addColumn('decided_by', 'integer', (col) => col.references('users.id'))
    .addColumn('decided', 'text')
    .addColumn('reason', 'text')
    .addColumn('result_status', 'integer')
    .addColumn('result_json', 'text')
    .addColumn('created', 'text', notNull)
    .addColumn('expires', 'text', notNull)
    .execute();
  await db.schema.createIndex('approvals_tenant_created').on('approvals').columns(['tenant_id', 'status', 'created']).execute();
  await db.schema.createIndex('approvals_request').on('approvals').columns(['tenant_id', 'maker_user_id', 'request_hash']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('approvals').ifExists().execute();
}
