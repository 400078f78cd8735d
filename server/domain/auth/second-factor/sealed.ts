// TOTP secrets are sealed at rest (ASVS 5.0 §11.x: secrets the server must read back are encrypted): AES-256-GCM with a
// key derived by HKDF from the gateway's secret (TELLER_JWT_SECRET or <dataDir>/jwt-secret), which is kept outside the
// database, so a copy of the database alone does not give the codes. Changing that secret makes sealed secrets
// unreadable: their users enrol again (or sign in with a recovery code).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const INFO = 'teller second-factor secrets v1';

/** The sealing key of a gateway secret. */
export function sealingKey(gatewaySecret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', gatewaySecret, Buffer.alloc(0), INFO, 32));
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function seal(key: Buffer, plain: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The plain bytes, or undefined when the text was sealed with another key or altered. */
export function unseal(key: Buffer, sealed: string): Buffer | undefined {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
  } catch {
    return undefined;
  }
}
