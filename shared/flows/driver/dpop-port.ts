import { sendWithDpop, type DpopClient } from '../../dpop/dpop-client';
import type { DpopDeps } from '../../dpop/proof';
import { headerValue, type Exchange, type RawRequest } from '../../http';
import type { FlowHostPort } from './host-port';
import { PAR_LEG } from './pushed-authorization-leg';

/**
 * How a leg's request carries a DPoP proof (RFC 9449 (https://www.rfc-editor.org/rfc/rfc9449)): `token`, a request
 * to the token endpoint (a token, a refresh: no ath, §5); `resource`, a call with the DPoP-bound access token of its
 * Authorization header, sent in the DPoP scheme with ath over it (§7.1, §4.2).
 */
export type DpopLegKind = 'token' | 'resource';

/** The access token a resource request carries (Bearer or DPoP scheme), which the proof's ath is computed over (§4.2). */
export function accessTokenOf(request: RawRequest): string {
  const m = /^(?:Bearer|DPoP)\s+(\S+)$/i.exec(headerValue(request.headers, 'authorization') ?? '');
  if (!m)
    throw new Error(
      'The request has no Authorization header with the access token; a DPoP proof is bound to it by ath (RFC 9449 §4.2).'
    );
  return m[1]!;
}

/** The host port's randomness and clock, which a proof's jti and iat are drawn from (RFC 9449 §4.2) on every host. */
const portDeps = (port: FlowHostPort): DpopDeps => ({
  crypto: port.crypto,
  random: port.random,
  clock: { now: port.now },
});

/**
 * The host port with DPoP on the legs named in `legs`: a fresh proof on each send, and one retry with the server's
 * nonce when it asks (§8, §9, sendWithDpop), reported as a step of its own, as is a planted reused-jti replay
 * (§11.1); each attempt is sent and recorded by `port`, each proof's jti and iat drawn from its randomness and clock.
 * One implementation for the app's pages and the CLI's flows.
 */
export const withDpopProofs = (
  port: FlowHostPort,
  client: DpopClient,
  legs: Readonly<Record<string, DpopLegKind>>
): FlowHostPort => ({
  ...port,
  send: async (request, options) => {
    const kind = Object.hasOwn(legs, options.leg) ? legs[options.leg] : undefined;
    if (!kind) return port.send(request, options);
    let previous: Awaited<ReturnType<FlowHostPort['send']>> | null = null;
    const r = await sendWithDpop(
      client,
      request,
      kind === 'resource' ? accessTokenOf(request) : null,
      async (proven) => {
        // A send after an accepted one is a planted reused-jti replay; after a refused one, the retry with the nonce.
        if (previous)
          port.report({
            kind: 'step',
            leg: options.leg,
            title:
              previous.response.status < 400
                ? `The ${options.leg} request again with the same proof: its jti reused on purpose (RFC 9449 §11.1)`
                : `The server asked for a DPoP nonce (use_dpop_nonce, RFC 9449 ${kind === 'token' ? '§8' : '§9'}): the ${options.leg} request again with it`,
          });
        previous = await port.send(proven, options);
        return previous;
      },
      portDeps(port)
    );
    return r.exchange;
  },
});

/**
 * A pushed authorization request sent with a fresh proof of the client's key (RFC 9449 §10.1): htm POST, htu the
 * pushed authorization request endpoint, no ath; the provider binds the code to that key, and may ask for a nonce
 * there (§8), which is followed once. A mistake planted for the token or API leg is kept for it.
 */
async function pushedWithDpop(
  client: DpopClient,
  request: RawRequest,
  send: (request: RawRequest) => Promise<Exchange>,
  said: (step: string) => void,
  deps: DpopDeps
): Promise<Exchange> {
  const withoutMistake: DpopClient = { ...client, mistake: null };
  let sent = 0;
  const r = await sendWithDpop(
    withoutMistake,
    request,
    null,
    (proven) => {
      if (sent++ > 0)
        said(
          'The server asked for a DPoP nonce (use_dpop_nonce, RFC 9449 §8): the pushed authorization request again with it'
        );
      return send(proven);
    },
    deps
  );
  return r.exchange;
}

/**
 * The host port with a proof of `client`'s key on the pushed authorization request (the `par` leg, pushedWithDpop),
 * a nonce retry reported as a step of its own; every other leg as `port` sends it. Applied by authenticatedPort
 * (client-auth-port.ts) whenever DPoP is on, so every host's push carries it.
 */
export const withPushProof = <P extends FlowHostPort>(port: P, client: DpopClient | null): P =>
  client
    ? {
        ...port,
        send: (request, options) =>
          options.leg === PAR_LEG
            ? pushedWithDpop(
                client,
                request,
                (proven) => port.send(proven, options),
                (title) => port.report({ kind: 'step', leg: PAR_LEG, title }),
                portDeps(port)
              )
            : port.send(request, options),
      }
    : port;
