// Signed bearer tokens (JWT, HS256): who the user is, their roles, and the tenant the token acts in.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import type { RoleBit, TenantType } from '../../db/schema.ts';

/** What a verified token says; handlers read it as `request.session`. */
export interface Session {
  userId: number;
  /** Role bits of the account: 4, 16, 64, 256. */
  roles: number[];
  /** The tenant this token acts in: the user's own at sign-in, the selected one after connect/token. */
  tenantId: string;
  /** The tenant's claim; 'dssc' for the admin tenant (users-and-wallets §6). */
  claim: string;
  tenantType: TenantType;
  /** The server-side session (server/domain/auth/sessions.ts) every token of one sign-in carries as `sid`. */
  sessionId: string;
}

export const ISSUER = 'teller-gateway';
/** Lifetime of every token the gateway issues. */
export const TOKEN_TTL_SECONDS = 2 * 60 * 60;

const tenantTypes: readonly TenantType[] = ['wallet', 'payin', 'payout', 'payinpayoutservice', 'bunna', 'identity'];

/** Signs a token for the session; returns it with its lifetime in seconds. */
export async function signToken(
  session: Session,
  secret: Uint8Array,
  options: { now?: Date; ttlSeconds?: number; clientId?: string } = {},
): Promise<{ token: string; expiresIn: number; expires: Date }> {
  const ttl = options.ttlSeconds ?? TOKEN_TTL_SECONDS;
  const issuedAt = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const token = await new SignJWT({
    roles: session.roles,
    tenant: session.tenantId,
    claim: session.claim,
    ttype: session.tenantType,
    sid: session.sessionId,
    ...(options.clientId ? { client_id: options.clientId } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(session.userId))
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttl)
    .sign(secret);
  return { token, expiresIn: ttl, expires: new Date((issuedAt + ttl) * 1000) };
}

/** Verifies signature, issuer and expiry; returns the session, or null for any bad, expired or foreign token. */
export async function verifyToken(token: string, secret: Uint8Array | CryptoKey, now: Date = new Date()): Promise<Session | null> {
  return (await verifyClaims(token, secret, now))?.session ?? null;
}

async function verifyClaims(token: string, secret: Uint8Array | CryptoKey, now: Date): Promise<{ session: Session; expires: number } | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: now,
      requiredClaims: ['sub', 'exp'],
    });
    const userId = Number(payload.sub);
    const { roles, tenant, claim, ttype, sid } = payload;
    if (!Number.isSafeInteger(userId) || userId < 1) return null;
    if (!Array.isArray(roles) || !roles.every((role): role is number => Number.isInteger(role))) return null;
    if (typeof tenant !== 'string' || typeof claim !== 'string') return null;
    if (typeof sid !== 'string' || sid.length === 0 || sid.length > 100) return null;
    const tenantType = tenantTypes.find((type) => type === ttype);
    if (!tenantType || typeof payload.exp !== 'number') return null;
    return { session: { userId, roles, tenantId: tenant, claim, tenantType, sessionId: sid }, expires: payload.exp };
  } catch {
    return null;
  }
}

/** Each request gets its own session object: what one handler does to it cannot leak into the next request. */
function copyOf(session: Session): Session {
  return { ...session, roles: [...session.roles] };
}

/** Verified tokens a TokenVerifier remembers. */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

/**
 * Verifies bearer tokens for one secret, remembering the tokens it has verified until they expire, so a client
 * that sends its token with every call pays for the signature once (the speed budget, README "Benchmarks": verifying was a fifth of a
 * listing request). Only well-signed tokens are remembered, so bad ones cannot crowd out good ones; past
 * VERIFIED_TOKEN_CACHE_SIZE the least recently used is forgotten. A remembered token is still checked against the
 * clock on every use, and the caller still checks the session and the account on every request (bearerAuth): a
 * revoked session's token stops working at once, so nothing about revocation is remembered here.
 */
export class TokenVerifier {
  private readonly key: Promise<CryptoKey>;
  private readonly verified = new Map<string, { session: Session; expires: number }>();
  private readonly capacity: number;

  constructor(secret: Uint8Array, capacity: number = VERIFIED_TOKEN_CACHE_SIZE) {
    // Imported once: jose would otherwise import the raw secret for every verification.
    this.key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    this.capacity = capacity;
  }

  async verify(token: string, now: Date): Promise<Session | null> {
    const known = this.verified.get(token);
    if (known) {
      this.verified.delete(token);
      // jose's rule: a token is expired once its exp is at or before the current second.
      if (known.expires <= Math.floor(now.getTime() / 1000)) return null;
      this.verified.set(token, known);
      return copyOf(known.session);
    }
    const claims = await verifyClaims(token, await this.key, now);
    if (!claims) return null;
    this.verified.set(token, { session: copyOf(claims.session), expires: claims.expires });
    if (this.verified.size > this.capacity) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    return claims.session;
  }

  /** How many verified tokens are remembered (for tests). */
  get size(): number {
    return this.verified.size;
  }
}

/** The admin tenant's claim (users-and-wallets §6): a tenant file's default claim, never what makes the admin tenant (tenants.is_admin does). */
export const ADMIN_CLAIM = 'dssc';

const ROLES: readonly RoleBit[] = [4, 16, 64, 256];

/** Splits a role bit set into its roles, lowest first, e.g. 4|64 → [4, 64]. */
export function rolesFromBits(bits: number): RoleBit[] {
  return ROLES.filter((role) => (bits & role) === role);
}

/**
 * The signing secret: the explicit option, else env TELLER_JWT_SECRET, else a random secret kept in
 * `<dataDir>/jwt-secret` (created on first start), so tokens survive restarts of one data directory.
 */
export function resolveJwtSecret(options: { jwtSecret?: string | undefined; dataDir: string; env?: NodeJS.ProcessEnv }): Uint8Array {
  const configured = options.jwtSecret ?? (options.env ?? process.env).TELLER_JWT_SECRET;
  if (configured) {
    if (configured.length < 32) throw new Error('The JWT secret (TELLER_JWT_SECRET) must be at least 32 characters long.');
    return new TextEncoder().encode(configured);
  }
  const file = join(options.dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(options.dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process created it first: use theirs.
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    }
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}
