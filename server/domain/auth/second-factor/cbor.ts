// The part of CBOR (RFC 8949) WebAuthn needs: an attestation object and a COSE key. Definite lengths only (CTAP2's
// canonical encoding); anything else is refused, never guessed.
export type Cbor = number | bigint | string | Buffer | boolean | null | Cbor[] | Map<Cbor, Cbor>;

export class CborError extends Error {}

const MAX_DEPTH = 8;

/** Decodes one item from the start of `bytes`; answers it and where the next begins. */
export function decodeCbor(bytes: Buffer, offset = 0, depth = 0): { value: Cbor; end: number } {
  if (depth > MAX_DEPTH) throw new CborError('CBOR nested too deeply');
  const initial = byteAt(bytes, offset);
  const major = initial >> 5;
  const info = initial & 0x1f;
  let at = offset + 1;
  let argument: number;
  if (info < 24) argument = info;
  else if (info === 24) {
    argument = byteAt(bytes, at);
    at += 1;
  } else if (info === 25) {
    argument = need(bytes, at, 2).readUInt16BE(at);
    at += 2;
  } else if (info === 26) {
    argument = need(bytes, at, 4).readUInt32BE(at);
    at += 4;
  } else if (info === 27) {
    const big = need(bytes, at, 8).readBigUInt64BE(at);
    if (big > BigInt(Number.MAX_SAFE_INTEGER)) throw new CborError('CBOR integer too large');
    argument = Number(big);
    at += 8;
  } else throw new CborError('CBOR indefinite lengths are not accepted');

  switch (major) {
    case 0:
      return { value: argument, end: at };
    case 1:
      return { value: -1 - argument, end: at };
    case 2:
      return { value: Buffer.from(need(bytes, at, argument).subarray(at, at + argument)), end: at + argument };
    case 3:
      return { value: need(bytes, at, argument).toString('utf8', at, at + argument), end: at + argument };
    case 4: {
      const items: Cbor[] = [];
      for (let index = 0; index < argument; index += 1) {
        const item = decodeCbor(bytes, at, depth + 1);
        items.push(item.value);
        at = item.end;
      }
      return { value: items, end: at };
    }
    case 5: {
      const map = new Map<Cbor, Cbor>();
      for (let index = 0; index < argument; index += 1) {
        const key = decodeCbor(bytes, at, depth + 1);
        const value = decodeCbor(bytes, key.end, depth + 1);
        map.set(key.value, value.value);
        at = value.end;
      }
      return { value: map, end: at };
    }
    case 7:
      if (info === 20) return { value: false, end: at };
      if (info === 21) return { value: true, end: at };
      if (info === 22) return { value: null, end: at };
      throw new CborError('CBOR simple value not accepted');
    default:
      throw new CborError('CBOR tags are not accepted');
  }
}

function byteAt(bytes: Buffer, at: number): number {
  const value = bytes[at];
  if (value === undefined) throw new CborError('CBOR ends early');
  return value;
}

function need(bytes: Buffer, at: number, length: number): Buffer {
  if (at + length > bytes.length) throw new CborError('CBOR ends early');
  return bytes;
}
