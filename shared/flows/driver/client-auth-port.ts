import type { DpopClient } from '../../dpop/dpop-client';
import { ProtocolError, PROTOCOL_ERROR } from '../../errors';
import type { ClientAssertionTrace } from '../../oauth2/client-assertion';
import {
  wantsClientAssertion,
  withAssertion,
  type ClientAssertionSettings,
} from '../../oauth2/client-assertion-request';
import { withDpopProofs, type DpopLegKind } from './dpop-port';
import type { FlowHostPort } from './host-port';
import { LIFECYCLE_DPOP_LEGS } from './lifecycle-legs';

/**
 * Signs a client assertion (RFC 7523 §2.2 (https://www.rfc-editor.org/rfc/rfc7523#section-2.2)) with iat
 * `issuedAt` (seconds, the host port's clock): the CLI with the port's randomness and the JOSE port, the page in the
 * app host (bridge clientAssertion), so a private key never meets the page.
 */
export type AssertionSigner = (settings: ClientAssertionSettings, issuedAt: number) => Promise<ClientAssertionTrace>;

/**
 * The host port with a client assertion signed into every request that asks for one (client_assertion_type without
 * client_assertion: the token, refresh, revocation, introspection, device authorization and pushed authorization
 * requests built for client_secret_jwt or private_key_jwt), a fresh one per send, so a retry or a resend never
 * repeats a jti (RFC 7523 §3 item 7). Each assertion is reported (`assertion`) for the host to show.
 */
const withClientAssertions = (
  port: FlowHostPort,
  settings: ClientAssertionSettings | null,
  sign: AssertionSigner
): FlowHostPort => ({
  ...port,
  send: async (request, options) => {
    if (!wantsClientAssertion(request)) return port.send(request, options);
    if (!settings)
      throw new ProtocolError(
        PROTOCOL_ERROR.INVALID_PRIVATE_KEY,
        'client-assertion',
        'The request asks for a client assertion (client_assertion_type) but the client authentication is not client_secret_jwt or private_key_jwt.'
      );
    const trace = await sign(settings, Math.floor(port.now() / 1000));
    port.report({ kind: 'assertion', leg: options.leg, trace });
    return port.send(withAssertion(request, trace.assertion), options);
  },
});

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

/** How a client authenticates its legs: its assertion's settings (null for the other methods) and signer, its DPoP. */
export interface LegClientAuthentication {
  readonly assertion: ClientAssertionSettings | null;
  readonly sign: AssertionSigner;
  /** The profile's DPoP client when DPoP is on. */
  readonly dpop: DpopClient | null;
  /** The legs that carry a proof; TOKEN_DPOP_LEGS unless the host sends more (a DPoP-bound token's API call). */
  readonly dpopLegs?: Readonly<Record<string, DpopLegKind>>;
}

/**
 * The host port every flow's legs run on: the client assertion signed in per send, and outside it DPoP (a nonce
 * retry gets an assertion of its own). One decorator each, applied here for both hosts, so none can forget one.
 * Basic, body and mutual TLS authentication are in the request as built, and the transport's certificate.
 */
export function authenticatedPort(port: FlowHostPort, auth: LegClientAuthentication): FlowHostPort {
  const signed = withClientAssertions(port, auth.assertion, auth.sign);
  return auth.dpop ? withDpopProofs(signed, auth.dpop, auth.dpopLegs ?? TOKEN_DPOP_LEGS) : signed;
}
