import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';
import { resolveJwtSecret, rolesFromBits, signToken, TokenVerifier, verifyToken, type Session } from './tokens.ts';

const secret = new TextEncoder().encode('a-test-secret-that-is-long-enough-0123456789');
const session: Session = { userId: 7, roles: [4], tenantId: 'dssc', claim: 'dssc', tenantType: 'identity', sessionId: 'session-7' };

describe('passwords', () => {
  it('hashes with scrypt and a random salt, and verifies only the right password', async () => {
    const first = await hashPassword('Demo@12345');
    const second = await hashPassword('Demo@12345');
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('Demo@12345', first)).toBe(true);
    expect(await verifyPassword('demo@12345', first)).toBe(false);
    expect(await verifyPassword('Demo@12345', 'not-a-hash')).toBe(false);
  });
});

describe('tokens', () => {
  it('signs and verifies the session; a token past its expiry or signed with another secret is refused', async () => {
    const now = new Date('2025-01-01T00:00:00Z');
    const { token, expiresIn } = await signToken(session, secret, { now });
    expect(await verifyToken(token, secret, now)).toEqual(session);
    expect(await verifyToken(token, secret, new Date(now.getTime() + expiresIn * 1000 + 1000))).toBeNull();
    expect(await verifyToken(token, new TextEncoder().encode('another-secret-that-is-long-enough-012345'), now)).toBeNull();
  });

  it('refuses tokens without the gateway issuer or with other algorithms', async () => {
    const foreign = await new SignJWT({ roles: [4], tenant: 'dssc', claim: 'dssc', ttype: 'identity' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setExpirationTime('1h')
      .sign(secret);
    expect(await verifyToken(foreign, secret)).toBeNull();
    const [, payload] = (await signToken(session, secret)).token.split('.');
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect(await verifyToken(unsigned, secret)).toBeNull();
  });

  it('verifies like verifyToken through a TokenVerifier: bad, foreign and expired tokens are refused and not remembered', async () => {
    const now = new Date('2025-01-01T00:00:00Z');
    const verifier = new TokenVerifier(secret);
    const { token } = await signToken(session, secret, { now });
    const other = await signToken(session, new TextEncoder().encode('another-secret-that-is-long-enough-012345'), { now });
    expect(await verifier.verify(other.token, now)).toBeNull();
    expect(await verifier.verify(`${token.slice(0, -2)}xx`, now)).toBeNull();
    expect(await verifier.verify(token, new Date(now.getTime() + 3 * 60 * 60 * 1000))).toBeNull();
    expect(verifier.size).toBe(0);
    expect(await verifier.verify(token, now)).toEqual(session);
    expect(verifier.size).toBe(1);
  });

  it('lets a remembered token expire at the same second as one verified afresh', async () => {
    const now = new Date('2025-01-01T00:00:00Z');
    const { token, expires } = await signToken(session, secret, { now, ttlSeconds: 60 });
    const remembering = new TokenVerifier(secret);
    expect(await remembering.verify(token, now)).toEqual(session);
    for (const at of [new Date(expires.getTime() - 1), expires, new Date(expires.getTime() + 1000)]) {
      const fresh = await new TokenVerifier(secret).verify(token, at);
      expect(await remembering.verify(token, at), at.toISOString()).toEqual(fresh);
    }
    expect(await remembering.verify(token, expires)).toBeNull();
  });

  it('remembers at most its capacity of tokens, and hands each caller its own session', async () => {
    const now = new Date('2025-01-01T00:00:00Z');
    const verifier = new TokenVerifier(secret, 2);
    const tokens = await Promise.all([7, 8, 9].map(async (userId) => (await signToken({ ...session, userId }, secret, { now })).token));
    for (const token of tokens) expect(await verifier.verify(token, now)).not.toBeNull();
    expect(verifier.size).toBe(2);
    const first = await verifier.verify(tokens[2] ?? '', now);
    first?.roles.push(256);
    expect(await verifier.verify(tokens[2] ?? '', now)).toEqual({ ...session, userId: 9 });
  });

  it('splits role bits', () => {
    expect(rolesFromBits(4)).toEqual([4]);
    expect(rolesFromBits(4 | 64)).toEqual([4, 64]);
  });

  it('keeps a generated secret in the data directory, so tokens survive a restart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'teller-secret-'));
    try {
      const first = resolveJwtSecret({ dataDir: dir, env: {} });
      expect(resolveJwtSecret({ dataDir: dir, env: {} })).toEqual(first);
      expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').length).toBeGreaterThanOrEqual(32);
      expect(resolveJwtSecret({ dataDir: dir, env: { TELLER_JWT_SECRET: 'x'.repeat(40) } })).toEqual(new TextEncoder().encode('x'.repeat(40)));
      expect(() => resolveJwtSecret({ dataDir: dir, env: { TELLER_JWT_SECRET: 'short' } })).toThrow(/at least 32/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
