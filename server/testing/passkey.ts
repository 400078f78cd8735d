// A software passkey for gateway tests: an ES256 key pair that answers WebAuthn registrations and assertions as an
// authenticator and a browser together would (clientDataJSON, authenticator data, CBOR attestation object "none"),
// written from the WebAuthn spec independently of the gateway's verifier.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type CborValue = number | string | Buffer | Map<number | string, CborValue>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const out = Buffer.alloc(3);
  out[0] = (major << 5) | 25;
  out.writeUInt16BE(length, 1);
  return out;
}

/** RFC 8949 for the few types a COSE key and an attestation object use. */
function cbor(value: CborValue): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

export class SoftPasskey {
  readonly id = randomBytes(16);
  private readonly keys: { publicKey: KeyObject; privateKey: KeyObject } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  signCount = 0;

  constructor(
    readonly origin: string,
    readonly rpId: string = new URL(origin).hostname,
  ) {}

  private authData(flags: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.signCount);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer of navigator.credentials.create to `challenge`. */
  register(challenge: string, origin = this.origin) {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<number, CborValue>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.id, cose]);
    const attestationObject = cbor(new Map<string, CborValue>([['fmt', 'none'], ['attStmt', new Map()], ['authData', this.authData(0x01 | 0x04 | 0x40, attested)]]));
    return {
      id: this.id.toString('base64url'),
      type: 'public-key' as const,
      response: {
        clientDataJSON: this.clientData('webauthn.create', challenge, origin).toString('base64url'),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['internal'],
      },
    };
  }

  /** The answer of navigator.credentials.get to `challenge`; the counter goes up by one. */
  assert(challenge: string, origin = this.origin) {
    this.signCount += 1;
    const authData = this.authData(0x01 | 0x04);
    const clientData = this.clientData('webauthn.get', challenge, origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.keys.privateKey);
    return {
      id: this.id.toString('base64url'),
      type: 'public-key' as const,
      response: {
        clientDataJSON: clientData.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
      },
    };
  }
}

/** RFC 6238 TOTP (HMAC-SHA1, 30 s, 6 digits) of a base32 secret at `at`, `offsetSteps` steps away. */
export function totpCode(base32Secret: string, at: Date, offsetSteps = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of base32Secret.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 30_000) + offsetSteps));
  const mac = hmacSha1(key, counter);
  const offset = (mac.at(-1) ?? 0) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

function hmacSha1(key: Buffer, message: Buffer): Buffer {
  // RFC 2104, spelled out so the test shares no HMAC call with the code under test.
  const block = Buffer.alloc(64);
  (key.length > 64 ? createHash('sha1').update(key).digest() : key).copy(block);
  const inner = createHash('sha1').update(Buffer.concat([block.map((byte) => byte ^ 0x36), message])).digest();
  return createHash('sha1').update(Buffer.concat([block.map((byte) => byte ^ 0x5c), inner])).digest();
}
