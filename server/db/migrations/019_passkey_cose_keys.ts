// Passkeys keep the COSE_Key their authenticator gave (WebAuthn §6.5.1.1 credentialPublicKey), as
// @simplewebauthn/server verifies assertions against it, instead of an SPKI copy and its algorithm (the COSE_Key names
// its algorithm). Rows enrolled before are rewritten from their SPKI key: same key, other encoding; nothing is lost.
import { createPublicKey } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { sql, type Kysely } from 'kysely';

const ES256 = -7;
const RS256 = -257;

/** The COSE_Key (RFC 9053 §7.1 EC2 P-256, RFC 8230 §4 RSA) of an SPKI key, base64url. */
function coseOfSpki(spkiBase64: string, algorithm: number): string {
  const jwk = createPublicKey({ key: Buffer.from(spkiBase64, 'base64'), format: 'der', type: 'spki' }).export({ format: 'jwk' });
  const bytes = (text: string | undefined) => new Uint8Array(Buffer.from(text ?? '', 'base64url'));
  const key =
    algorithm === RS256
      ? new Map<number, number | Uint8Array>([[1, 3], [3, RS256], [-1, bytes(jwk.n)], [-2, bytes(jwk.e)]])
      : new Map<number, number | Uint8Array>([[1, 2], [3, ES256], [-1, 1], [-2, bytes(jwk.x)], [-3, bytes(jwk.y)]]);
  return Buffer.from(isoCBOR.encode(key)).toString('base64url');
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const rows = await sql<{ id: string; public_key: string; algorithm: number }>`select id, public_key, algorithm from passkeys`.execute(db);
  for (const row of rows.rows) {
    await sql`update passkeys set public_key = ${coseOfSpki(row.public_key, Number(row.algorithm))} where id = ${row.id}`.execute(db);
  }
  await db.schema.alterTable('passkeys').dropColumn('algorithm').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The COSE_Key stays (a gateway of this version's predecessor reads SPKI: its users enrol their passkeys again).
  await db.schema.alterTable('passkeys').addColumn('algorithm', 'integer', (col) => col.notNull().defaultTo(ES256)).execute();
}
