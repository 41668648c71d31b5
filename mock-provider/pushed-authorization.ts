import { ok, type Handled, type ProviderContext } from './context';
import {
  checkAuthorizationRequest,
  type AuthorizationParams,
  type PendingAuthorization,
} from './authorization-request-check';
import type { ClientConfig } from './config';
import { jsonReply, type ProviderRequest } from './http';
import { checkDpop, nonceHeaders } from './dpop';
import { readClientPost } from './oauth2-token';
import { answeringTokenErrors, bad, TokenError } from './oauth2-token-error';
import { readRequestObject } from './request-object';

/**
 * The pushed authorization request endpoint (RFC 9126 (https://www.rfc-editor.org/rfc/rfc9126)), mock-only: the client authenticates as at the token endpoint
 * and posts the authorization request's parameters (or a request object, §3); they are checked as the authorize
 * endpoint checks them, and kept under a single-use, short-lived request_uri the browser then brings (§4).
 */
export const PAR_PATH = '/oauth/v2/par';
const endpoint = 'oauth2.par';
/** RFC 9126 §2.2: the request_uri's prefix of the form urn:ietf:params:oauth:request_uri:<reference>. */
export const REQUEST_URI_PREFIX = 'urn:ietf:params:oauth:request_uri:';
const ASSUME_PAR =
  'Pushed authorization requests follow RFC 9126; the service documents only its authorize and token endpoints (interface §4.2).';
/** The form parameters that authenticate the client and are no part of the authorization request (RFC 9126 §2.1). */
const CLIENT_AUTH_PARAMS = new Set(['client_secret', 'client_assertion', 'client_assertion_type']);

export const pushedAuthorization = (req: ProviderRequest, ctx: ProviderContext): Promise<Handled> =>
  answeringTokenErrors(endpoint, ASSUME_PAR, () => pushAuthorization(req, ctx));

async function pushAuthorization(req: ProviderRequest, ctx: ProviderContext): Promise<Handled> {
  const { client, get } = await readClientPost(req, ctx, 'the pushed authorization request endpoint', 'RFC 9126 §2.1');
  // RFC 9126 §2.1: request_uri must not be pushed.
  if (get.value('request_uri') !== undefined)
    throw bad(
      'invalid_request',
      'request_uri must not be sent to the pushed authorization request endpoint (RFC 9126 §2.1).'
    );
  const proofJkt = pushProofKey(req, ctx);
  const params = await pushedParams(ctx, client, get.params, get.value('request'));
  const check = checkAuthorizationRequest(ctx, client, params);
  if (!check.ok) throw bad(check.error, check.description);
  const pending = boundToProofKey(check.pending, proofJkt);
  const requestUri = REQUEST_URI_PREFIX + ctx.state.newSecret(24);
  const ttl = ctx.settings.lifetimes.requestUriTtl;
  keepPushedRequest(ctx, requestUri, pending, ttl);
  const bound = pending.dpopJkt
    ? ` The code will be bound to DPoP key ${pending.dpopJkt} (${proofJkt ? 'the DPoP proof of this request' : 'dpop_jkt'}, RFC 9449 §10.1).`
    : '';
  return {
    endpoint,
    reply: jsonReply(201, { request_uri: requestUri, expires_in: ttl }),
    verdict: ok(
      `Authorization request of client ${client.id} pushed: ${requestUri}, single use, valid ${ttl} s.${bound}`
    ),
    assumptions: [ASSUME_PAR],
  };
}

/**
 * The key of the push's DPoP proof, verified as one for POST at this endpoint (RFC 9449 §10.1, §4.3), or null when
 * the push carries none; a bad proof is refused with the verifier's words (and a nonce asked for, §8).
 */
function pushProofKey(req: ProviderRequest, ctx: ProviderContext): string | null {
  const dpop = checkDpop(req, ctx, {
    at: 'authorization-server',
    required: false,
    accessToken: null,
    boundJkt: null,
    why: '',
  });
  if (!dpop.ok) throw new TokenError(400, dpop.error, dpop.description, nonceHeaders(dpop));
  return dpop.jkt;
}

/** RFC 9449 §10.1: the proof's key binds the code; a dpop_jkt sent beside it must name that same key. */
function boundToProofKey(pending: PendingAuthorization, proofJkt: string | null): PendingAuthorization {
  if (proofJkt === null) return pending;
  if (pending.dpopJkt && pending.dpopJkt !== proofJkt)
    throw bad(
      'invalid_request',
      `dpop_jkt ${pending.dpopJkt} is not the thumbprint of the key of the request's DPoP proof, ${proofJkt}; when both are sent they must name the same key (RFC 9449 §10.1).`
    );
  return { ...pending, dpopJkt: proofJkt };
}

/** The authorization request's parameters: the request object's claims when one is sent (RFC 9126 §3), else the form's. */
async function pushedParams(
  ctx: ProviderContext,
  client: ClientConfig,
  form: AuthorizationParams,
  request: string | undefined
): Promise<AuthorizationParams> {
  if (request === undefined) {
    if (client.requireSignedRequestObject)
      throw bad(
        'invalid_request',
        `Client ${client.id} requires a signed request object (require_signed_request_object, RFC 9101 §10.5); send it as request.`
      );
    return form.filter(([name]) => !CLIENT_AUTH_PARAMS.has(name));
  }
  const read = await readRequestObject(ctx, client, request);
  if (!read.ok) throw bad('invalid_request_object', read.message);
  return read.params;
}

/** Stores the pushed request; the switch parFault hands it out already used or already expired. */
function keepPushedRequest(ctx: ProviderContext, requestUri: string, pending: PendingAuthorization, ttl: number): void {
  const now = ctx.clock.now();
  const fault = ctx.settings.switches.parFault;
  ctx.state.pushedRequests.set(requestUri, {
    clientId: pending.clientId,
    pending,
    expiresAt: fault === 'request-uri-expired' ? now : now + ttl * 1000,
    used: fault === 'request-uri-reused',
    fault,
  });
}

/**
 * At the authorize endpoint: the pushed request a request_uri names, taken once (RFC 9126 §4), or why it is refused:
 * not one of ours, pushed by another client, already used, or expired by the mock's clock.
 */
export function takePushedRequest(
  ctx: ProviderContext,
  client: ClientConfig,
  requestUri: string
): { ok: true; pending: PendingAuthorization } | { ok: false; message: string } {
  const pushed = ctx.state.pushedRequests.get(requestUri);
  if (!pushed)
    return {
      ok: false,
      message: `request_uri ${JSON.stringify(requestUri)} was not issued by this provider's pushed authorization request endpoint ${ctx.baseUrl() + PAR_PATH} (RFC 9126 §4).`,
    };
  if (pushed.clientId !== client.id)
    return {
      ok: false,
      message: `request_uri was pushed by client ${pushed.clientId}, not by ${client.id} (RFC 9126 §4: client_id must be the pushing client's).`,
    };
  if (ctx.state.isExpired(pushed))
    return {
      ok: false,
      message: `request_uri expired at ${new Date(pushed.expiresAt).toISOString()}; the provider's time is ${new Date(ctx.clock.now()).toISOString()} (expires_in, RFC 9126 §2.2). Push the request again.${pushed.fault === 'request-uri-expired' ? ' (Handed out so by switch parFault request-uri-expired.)' : ''}`,
    };
  if (pushed.used)
    return {
      ok: false,
      message: `request_uri has already been used; a pushed request is single use (RFC 9126 §4, §7.3). Push the request again.${pushed.fault === 'request-uri-reused' ? ' (Handed out so by switch parFault request-uri-reused.)' : ''}`,
    };
  pushed.used = true;
  return { ok: true, pending: pushed.pending };
}
