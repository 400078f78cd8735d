// A second factor for staff (issue 28): authenticator-app codes (TOTP, RFC 6238), passkeys (WebAuthn) and one-time
// recovery codes, with what the standards say to keep and no more (NIST SP 800-63B §5.1.4, §5.1.8; ASVS 5.0 §6.5).
// - totp_secrets: one per user; the shared secret sealed with the gateway's key (domain/auth/second-factor/sealed.ts),
//   unconfirmed until the user proves it with a code; last_step refuses a code of a time-step already used.
// - passkeys: the credential id, its public key (SPKI) and algorithm, the signature counter and transports; the
//   attestation is read once at enrolment and not kept.
// - recovery_codes: scrypt hashes like passwords; used_at spends one.
// - sessions: awaiting_factor marks a sign-in that passed its password and still owes its factor (it authorises
//   nothing else); factor_verified_at is when the session last passed a factor check (step-up asks "within N
//   minutes"); factor_challenge is the WebAuthn challenge the session was last given, spent by its use.
import type { Kysely } from 'kysely';
import { isPostgres } from '../connection.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('totp_secrets')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id'))
    .addColumn('secret_sealed', 'text', (col) => col.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('last_step', 'integer')
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('last_used', 'text')
    .execute();

  await db.schema
    .createTable('passkeys')
    /** The credential id, base64url. */
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('public_key', 'text', (col) => col.notNull())
    /** COSE algorithm: -7 ES256, -257 RS256. */
    .addColumn('algorithm', 'integer', (col) => col.notNull())
    .addColumn('sign_count', 'integer', (col) => col.notNull())
    /** JSON array of the transports the authenticator named (internal, usb, nfc, ble, hybrid). */
    .addColumn('transports', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('last_used', 'text')
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'integer', (col) => (pg ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey()))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('recovery_codes_user').on('recovery_codes').columns(['user_id', 'used_at']).execute();

  await db.schema.alterTable('sessions').addColumn('awaiting_factor', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('sessions').addColumn('factor_verified_at', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('factor_challenge', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('factor_challenge').execute();
  await db.schema.alterTable('sessions').dropColumn('factor_verified_at').execute();
  await db.schema.alterTable('sessions').dropColumn('awaiting_factor').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('passkeys').execute();
  await db.schema.dropTable('totp_secrets').execute();
}
