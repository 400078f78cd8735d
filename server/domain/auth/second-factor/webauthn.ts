// Passkeys (W3C WebAuthn Level 2, §7.1 registration and §7.2 assertion) verified by @simplewebauthn/server: the
// challenge the gateway gave, the expected origin and RP ID, user presence, the signature and the counter. Attestation
// is not asked for (`none`): what is kept is the credential id, its COSE public key, its counter and its transports.
// This module only adapts the contract's credential shape to the library and the library's refusals to our texts.
import { verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import { COSEALG } from '@simplewebauthn/server/helpers';

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
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string | null | undefined };
}

export interface VerifiedPasskey {
  id: string;
  /** The COSE_Key (RFC 9052 §7) the authenticator gave, base64url. */
  publicKey: string;
  signCount: number;
  transports: string[];
}

export type Verdict<T> = { ok: true; value: T } | { ok: false; reason: string };

/** The algorithms offered at registration and accepted, preferred first. */
export const PUBLIC_KEY_ALGORITHMS = [COSEALG.ES256, COSEALG.RS256] as const;
const TRANSPORTS = new Set<string>(['usb', 'nfc', 'ble', 'internal', 'hybrid', 'smart-card', 'cable']);

const REFUSED = {
  origin: 'The passkey answer comes from another origin.',
  challenge: 'The passkey answer is for another or an expired challenge.',
  ceremony: 'The passkey answer is for another ceremony.',
  site: 'The passkey belongs to another site.',
  presence: 'The passkey did not confirm that you are present.',
  counter: 'The passkey counter went backwards: the authenticator may be cloned.',
  algorithm: 'The passkey uses an algorithm the gateway does not accept (ES256 or RS256).',
  signature: 'The passkey signature does not verify.',
  malformed: 'The passkey answer is malformed.',
} as const;

/**
 * The library refuses by throwing an Error whose message names the failed check (it has no codes): each is turned into
 * the text the user sees; anything not recognised reads as malformed. The gateway tests pin each text that matters.
 */
const LIBRARY_REFUSALS: ReadonlyArray<readonly [RegExp, string]> = [
  [/origin/i, REFUSED.origin],
  [/challenge/i, REFUSED.challenge],
  [/response type/i, REFUSED.ceremony],
  [/RP ID/i, REFUSED.site],
  [/present|presence/i, REFUSED.presence],
  [/counter/i, REFUSED.counter],
  [/\balg\b/i, REFUSED.algorithm],
];

function refusalOf(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  return LIBRARY_REFUSALS.find(([pattern]) => pattern.test(message))?.[1] ?? REFUSED.malformed;
}

/** The relying party's `preferred` user verification: presence is required, verification is not. */
const REQUIRE_USER_VERIFICATION = false;

/** Registration (§7.1): answers the credential to keep, or why it is refused. */
export async function verifyRegistration(rp: RelyingParty, challenge: string, credential: RegistrationCredential): Promise<Verdict<VerifiedPasskey>> {
  try {
    const result = await verifyRegistrationResponse({
      // The contract carries the id once; the library wants it twice (id and rawId) as the browser's JSON has it.
      response: { ...credential, rawId: credential.id, type: 'public-key', clientExtensionResults: {}, response: { ...credential.response, transports: knownTransports(credential.response.transports) } },
      expectedChallenge: challenge,
      expectedOrigin: [...rp.origins],
      expectedRPID: rp.id,
      requireUserVerification: REQUIRE_USER_VERIFICATION,
      supportedAlgorithmIDs: [...PUBLIC_KEY_ALGORITHMS],
    });
    if (!result.verified) return refuse(REFUSED.signature);
    const { id, publicKey, counter } = result.registrationInfo.credential;
    if (id !== credential.id) return refuse('The passkey answer names another credential.');
    return { ok: true, value: { id, publicKey: Buffer.from(publicKey).toString('base64url'), signCount: counter, transports: knownTransports(credential.response.transports) } };
  } catch (error) {
    return refuse(refusalOf(error));
  }
}

/** Assertion (§7.2) against the stored credential: answers its new counter, or why it is refused. */
export async function verifyAssertion(
  rp: RelyingParty,
  challenge: string,
  credential: AssertionCredential,
  stored: { id: string; publicKey: string; signCount: number },
): Promise<Verdict<{ signCount: number }>> {
  try {
    const { userHandle, ...response } = credential.response;
    const result = await verifyAuthenticationResponse({
      response: { ...credential, rawId: credential.id, type: 'public-key', clientExtensionResults: {}, response: userHandle ? { ...response, userHandle } : response },
      expectedChallenge: challenge,
      expectedOrigin: [...rp.origins],
      expectedRPID: rp.id,
      credential: { id: stored.id, publicKey: Buffer.from(stored.publicKey, 'base64url'), counter: stored.signCount },
      requireUserVerification: REQUIRE_USER_VERIFICATION,
    });
    if (!result.verified) return refuse(REFUSED.signature);
    return { ok: true, value: { signCount: result.authenticationInfo.newCounter } };
  } catch (error) {
    return refuse(refusalOf(error));
  }
}

function refuse(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}

function knownTransports(transports: string[] | undefined): string[] {
  return (transports ?? []).filter((transport) => TRANSPORTS.has(transport));
}
