// The browser's side of passkeys (WebAuthn) through @simplewebauthn/browser, imported when a passkey is used so that no
// screen's first bytes carry it (the login route has a budget: scripts/check-login-size.ts). The answers keep the
// fields the gateway's contract takes (PasskeyAssertion, PasskeyRegistrationRequest): the id once, the response's
// base64url fields; rawId, the attachment and the client extension results are not sent.
import type { AuthenticatorTransport, PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';

interface Descriptor {
  type: 'public-key';
  id: string;
  transports: string[];
}

export interface PasskeyRequestOptions {
  challenge: string;
  rpId: string;
  timeout: number;
  userVerification: 'preferred';
  allowCredentials: Descriptor[];
}

export interface PasskeyCreationOptions {
  challenge: string;
  rp: { id: string; name: string };
  user: { id: string; name: string; displayName: string };
  pubKeyCredParams: Array<{ type: 'public-key'; alg: number }>;
  timeout: number;
  attestation: 'none';
  authenticatorSelection: { residentKey: 'preferred'; userVerification: 'preferred' };
  excludeCredentials: Descriptor[];
}

const descriptors = (list: Descriptor[]) => list.map(({ id, transports }) => ({ type: 'public-key' as const, id, transports: transports as AuthenticatorTransport[] }));

/** navigator.credentials.get: the assertion to send as `passkey`. */
export async function getPasskey(options: PasskeyRequestOptions) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const answer = await startAuthentication({ optionsJSON: { ...options, allowCredentials: descriptors(options.allowCredentials) } });
  const { clientDataJSON, authenticatorData, signature, userHandle } = answer.response;
  return { id: answer.id, type: 'public-key' as const, response: { clientDataJSON, authenticatorData, signature, ...(userHandle ? { userHandle } : {}) } };
}

/** navigator.credentials.create: the credential to send as `credential`. */
export async function createPasskey(options: PasskeyCreationOptions) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const optionsJSON: PublicKeyCredentialCreationOptionsJSON = { ...options, excludeCredentials: descriptors(options.excludeCredentials) };
  const answer = await startRegistration({ optionsJSON });
  const { clientDataJSON, attestationObject, transports } = answer.response;
  return { id: answer.id, type: 'public-key' as const, response: { clientDataJSON, attestationObject, ...(transports ? { transports } : {}) } };
}
