import type { DpopClient } from '../../dpop/dpop-client';
import { ProtocolError, PROTOCOL_ERROR } from '../../errors';
import { headerValue, type Exchange, type RawRequest } from '../../http';
import type { ClientAssertionTrace } from '../../oauth2/client-assertion';
import {
  withUnencodedBasic,
  type AppliedAuthMistake,
  type PlantedAssertionMistake,
} from '../../oauth2/client-auth-mistakes';
import {
  wantsClientAssertion,
  withAssertion,
  type ClientAssertionSettings,
} from '../../oauth2/client-assertion-request';
import { withDpopProofs, withPushProof, type DpopLegKind } from './dpop-port';
import type { FlowHostPort, LegReport } from './host-port';
import { LIFECYCLE_DPOP_LEGS } from './lifecycle-legs';

/**
 * Signs a client assertion (RFC 7523 §2.2 (https://www.rfc-editor.org/rfc/rfc7523#section-2.2)) with iat
 * `issuedAt` (seconds, the host port's clock), making `mistake` on purpose when one is planted: the CLI with the
 * port's randomness and the JOSE port, the page in the app host (bridge clientAssertion), so a private key never
 * meets the page.
 */
export type AssertionSigner = (
  settings: ClientAssertionSettings,
  issuedAt: number,
  mistake: PlantedAssertionMistake | null
) => Promise<ClientAssertionTrace>;

/** The client's assertion settings (null for the other methods), its signer and a mistake planted on purpose. */
export interface AssertionAuthentication {
  readonly assertion: ClientAssertionSettings | null;
  readonly sign: AssertionSigner;
  /**
   * A client authentication mistake made on every send of this port (client-auth-mistakes.ts): the app's "Make a
   * mistake on purpose", for one Send of one leg.
   */
  readonly mistake?: AppliedAuthMistake | null;
}

/** What the assertion decorator needs of a port: its send (by leg), its clock and its reports. */
interface AssertionSendPort {
  send(request: RawRequest, options: { readonly leg: string }): Promise<Exchange>;
  now(): number;
  report(event: LegReport): void;
}

const isBasic = (request: RawRequest) => /^Basic\s/i.test(headerValue(request.headers, 'authorization') ?? '');

/**
 * The port with a client assertion signed into every request that asks for one (client_assertion_type without
 * client_assertion: the token, refresh, revocation, introspection, device authorization and pushed authorization
 * requests built for client_secret_jwt or private_key_jwt), a fresh one per send, so a retry or a resend never
 * repeats a jti (RFC 7523 §3 item 7). Each assertion is reported (`assertion`) for the host to show. A planted
 * mistake is made here: in the assertion, or in the Basic credentials (RFC 6749 §2.3.1) of a request that has them.
 */
export function withClientAssertions<P extends AssertionSendPort>(
  port: P,
  { assertion, sign, mistake = null }: AssertionAuthentication
): P {
  const send = async (request: RawRequest, options: { readonly leg: string }): Promise<Exchange> => {
    if (mistake?.kind === 'basic-unencoded' && isBasic(request))
      return port.send(withUnencodedBasic(request, mistake.clientId, mistake.clientSecret), options);
    if (!wantsClientAssertion(request)) return port.send(request, options);
    if (!assertion)
      throw new ProtocolError(
        PROTOCOL_ERROR.INVALID_PRIVATE_KEY,
        'client-assertion',
        'The request asks for a client assertion (client_assertion_type) but the client authentication is not client_secret_jwt or private_key_jwt.'
      );
    const planted = mistake && mistake.kind !== 'basic-unencoded' ? mistake : null;
    const trace = await sign(assertion, Math.floor(port.now() / 1000), planted);
    port.report({ kind: 'assertion', leg: options.leg, trace });
    return port.send(withAssertion(request, trace.assertion), options);
  };
  return { ...port, send };
}

/**
 * The legs that go to the token endpoint with a proof of the client's DPoP key (RFC 9449 §5
 * (https://www.rfc-editor.org/rfc/rfc9449#section-5)): a grant's token request, the device grant's polls, the
 * refresh and the replaced refresh token again. Introspection, revocation and the device authorization request
 * authenticate the client only.
 */
export const TOKEN_DPOP_LEGS: Readonly<Record<string, DpopLegKind>> = {
  token: 'token',
  poll: 'token',
  ...LIFECYCLE_DPOP_LEGS,
};

/** How a client authenticates its legs: its assertion's settings and signer (and a mistake planted), its DPoP. */
export interface LegClientAuthentication extends AssertionAuthentication {
  /** The profile's DPoP client when DPoP is on. */
  readonly dpop: DpopClient | null;
  /** The legs that carry a proof; TOKEN_DPOP_LEGS unless the host sends more (a DPoP-bound token's API call). */
  readonly dpopLegs?: Readonly<Record<string, DpopLegKind>>;
}

/**
 * The host port every flow's legs run on: the client assertion signed in per send, and outside it DPoP (a nonce
 * retry gets an assertion of its own): a proof on `dpopLegs`, and on the pushed authorization request (the `par`
 * leg, withPushProof, RFC 9449 §10.1) whenever DPoP is on. One decorator each, applied here for every host, so none
 * can forget one. Basic, body and mutual TLS authentication are in the request as built, and the transport's
 * certificate.
 */
export function authenticatedPort(port: FlowHostPort, auth: LegClientAuthentication): FlowHostPort {
  const signed = withClientAssertions(port, auth);
  if (!auth.dpop) return signed;
  return withPushProof(withDpopProofs(signed, auth.dpop, auth.dpopLegs ?? TOKEN_DPOP_LEGS), auth.dpop);
}
