// Passkeys (W3C WebAuthn Level 2, §7.1 registration and §7.2 assertion) verified with node:crypto: the challenge the
// gateway gave, the expected origin and RP ID, user presence, the signature and the counter. Attestation is not
// asked for (`none`): the credential's public key is all that is kept. No WebAuthn library is installed.
import { createHash, createPublicKey, timingSafeEqual, verify, type KeyObject } from 'node:crypto';
import { CborError, decodeCbor, type Cbor } from './cbor.ts';

/** Who the credentials are for: the RP ID (a host name) and the origins the browser may report. */
export interface RelyingParty {
  id: string;
  name: string;
  origins: readonly string[];
}

/** A PublicKeyCredential from navigator.credentials.create, with its ArrayBuffers in base64url. */
export interface RegistrationCredential {
  id: string;
  type: string;
  response: { clientDataJSON: string; attestationObject: string; transports?: string[] | undefined };
}

/** A PublicKeyCredential from navigator.credentials.get, with its ArrayBuffers in base64url. */
export interface AssertionCredential {
  id: string;
  type: string;
  response: { clientDataJSON: string; authenticatorData: string; signature: string };
}

export interface VerifiedPasskey {
  id: string;
  /** SPKI DER, base64. */
  publicKey: string;
  algorithm: number;
  signCount: number;
  transports: string[];
}

export type Verdict<T> = { ok: true; value: T } | { ok: false; reason: string };

const ES256 = -7;
const RS256 = -257;
const FLAG_USER_PRESENT = 0x01;
const FLAG_ATTESTED_DATA = 0x40;
const TRANSPORTS = new Set(['usb', 'nfc', 'ble', 'internal', 'hybrid', 'smart-card']);

/** Registration (§7.1): answers the credential to keep, or why it is refused. */
export function verifyRegistration(rp: RelyingParty, challenge: string, credential: RegistrationCredential): Verdict<VerifiedPasskey> {
  try {
    const client = clientData(credential.response.clientDataJSON, 'webauthn.create', rp, challenge);
    if (client) return refuse(client);
    const attestation = decodeCbor(Buffer.from(credential.response.attestationObject, 'base64url')).value;
    const authData = attestation instanceof Map ? attestation.get('authData') : undefined;
    if (!Buffer.isBuffer(authData)) return refuse('The passkey answer has no authenticator data.');
    const parsed = authenticatorData(authData, rp);
    if (typeof parsed === 'string') return refuse(parsed);
    if ((parsed.flags & FLAG_ATTESTED_DATA) === 0 || authData.length < 55) return refuse('The passkey answer has no credential.');
    const idLength = authData.readUInt16BE(53);
    const id = authData.subarray(55, 55 + idLength);
    if (id.length !== idLength || idLength === 0) return refuse('The passkey answer has no credential.');
    if (id.toString('base64url') !== credential.id) return refuse('The passkey answer names another credential.');
    const key = coseKey(decodeCbor(authData, 55 + idLength).value);
    if (typeof key === 'string') return refuse(key);
    const transports = (credential.response.transports ?? []).filter((transport) => TRANSPORTS.has(transport));
    return {
      ok: true,
      value: { id: credential.id, publicKey: key.key.export({ type: 'spki', format: 'der' }).toString('base64'), algorithm: key.algorithm, signCount: parsed.signCount, transports },
    };
  } catch (error) {
    if (error instanceof CborError || error instanceof SyntaxError || error instanceof RangeError) return refuse('The passkey answer is malformed.');
    throw error;
  }
}

/** Assertion (§7.2) against the stored credential: answers its new counter, or why it is refused. */
export function verifyAssertion(
  rp: RelyingParty,
  challenge: string,
  credential: AssertionCredential,
  stored: { publicKey: string; algorithm: number; signCount: number },
): Verdict<{ signCount: number }> {
  try {
    const client = clientData(credential.response.clientDataJSON, 'webauthn.get', rp, challenge);
    if (client) return refuse(client);
    const authData = Buffer.from(credential.response.authenticatorData, 'base64url');
    const parsed = authenticatorData(authData, rp);
    if (typeof parsed === 'string') return refuse(parsed);
    const key = createPublicKey({ key: Buffer.from(stored.publicKey, 'base64'), format: 'der', type: 'spki' });
    const signed = Buffer.concat([authData, sha256(Buffer.from(credential.response.clientDataJSON, 'base64url'))]);
    const signature = Buffer.from(credential.response.signature, 'base64url');
    if (!verify('sha256', signed, stored.algorithm === RS256 ? { key } : { key, dsaEncoding: 'der' }, signature)) return refuse('The passkey signature does not verify.');
    // §6.1.1: a counter that does not grow (when either side counts) means a cloned authenticator.
    if ((parsed.signCount > 0 || stored.signCount > 0) && parsed.signCount <= stored.signCount) return refuse('The passkey counter went backwards: the authenticator may be cloned.');
    return { ok: true, value: { signCount: parsed.signCount } };
  } catch (error) {
    if (error instanceof SyntaxError || error instanceof RangeError || error instanceof TypeError) return refuse('The passkey answer is malformed.');
    throw error;
  }
}

function refuse(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}

function sha256(bytes: Buffer | string): Buffer {
  return createHash('sha256').update(bytes).digest();
}

/** Why the client data is refused (type, challenge, origin), or undefined when it is right. */
function clientData(encoded: string, type: string, rp: RelyingParty, challenge: string): string | undefined {
  const data: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  if (typeof data !== 'object' || data === null) return 'The passkey answer is malformed.';
  const fields = data as Record<string, unknown>;
  if (fields.type !== type) return 'The passkey answer is for another ceremony.';
  if (typeof fields.challenge !== 'string' || !sameText(fields.challenge, challenge)) return 'The passkey answer is for another or an expired challenge.';
  if (typeof fields.origin !== 'string' || !rp.origins.includes(fields.origin)) return 'The passkey answer comes from another origin.';
  if (fields.crossOrigin === true) return 'The passkey answer comes from another origin.';
  return undefined;
}

/** The flags and counter of authenticator data for this RP, or why it is refused. */
function authenticatorData(authData: Buffer, rp: RelyingParty): { flags: number; signCount: number } | string {
  if (authData.length < 37) return 'The passkey answer is malformed.';
  if (!timingSafeEqual(authData.subarray(0, 32), sha256(rp.id))) return 'The passkey belongs to another site.';
  const flags = authData[32] ?? 0;
  if ((flags & FLAG_USER_PRESENT) === 0) return 'The passkey did not confirm that you are present.';
  return { flags, signCount: authData.readUInt32BE(33) };
}

/** The public key of a COSE_Key (RFC 9053): EC2 P-256 for ES256, RSA for RS256; else why it is refused. */
function coseKey(cose: Cbor): { key: KeyObject; algorithm: number } | string {
  if (!(cose instanceof Map)) return 'The passkey public key is malformed.';
  const algorithm = cose.get(3);
  if (algorithm === ES256 && cose.get(1) === 2 && cose.get(-1) === 1) {
    const x = cose.get(-2);
    const y = cose.get(-3);
    if (!Buffer.isBuffer(x) || !Buffer.isBuffer(y) || x.length !== 32 || y.length !== 32) return 'The passkey public key is malformed.';
    return { key: createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: x.toString('base64url'), y: y.toString('base64url') }, format: 'jwk' }), algorithm };
  }
  if (algorithm === RS256 && cose.get(1) === 3) {
    const n = cose.get(-1);
    const e = cose.get(-2);
    if (!Buffer.isBuffer(n) || !Buffer.isBuffer(e)) return 'The passkey public key is malformed.';
    return { key: createPublicKey({ key: { kty: 'RSA', n: n.toString('base64url'), e: e.toString('base64url') }, format: 'jwk' }), algorithm };
  }
  return 'The passkey uses an algorithm the gateway does not accept (ES256 or RS256).';
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The algorithms offered at registration, preferred first. */
export const PUBLIC_KEY_ALGORITHMS = [ES256, RS256] as const;
