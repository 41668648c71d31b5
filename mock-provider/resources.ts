import { ok, problemHandled, refused, verifyContext, type Handled, type ProviderContext } from './context';
import { checkDpop, nonceHeaders } from './dpop';
import { bearerChallenge, dpopChallenge, oauth2Error } from './errors';
import { decodeParams, headerValues, jsonReply, type ProviderRequest, type Reply } from './http';
import type { BearerToken } from './state';
import { verifyOAuth1 } from './oauth1-verify';
import { API_METADATA_PATH } from './resource-metadata';

/**
 * Sample protected resources, so signed API calls can be tried. MOCK-ONLY: the service's API endpoints are
 * "not shown" (interface §4); only the 401 for a deauthorized OAuth 1.0a token is documented (interface §3, §7).
 */
const MOCK_ONLY = 'The /api/* resources exist only in the mock; the service documents no API endpoint (interface §4).';

export function oauth1Me(req: ProviderRequest, ctx: ProviderContext): Handled {
  const endpoint = 'mock.api.v1.me';
  const v = verifyOAuth1(req, 'resource', verifyContext(ctx));
  if (!v.ok) {
    // RFC 5849 §3.5.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.5.1): a request without credentials is answered with the bare OAuth challenge.
    const extra: [string, string][] = v.noCredentials
      ? [['WWW-Authenticate', `OAuth realm="${ctx.config.realm}"`]]
      : [];
    const h = problemHandled(ctx, endpoint, v.report, v.signature, v.noCredentials ? 401 : v.status, v.headers);
    return {
      ...h,
      reply: v.noCredentials
        ? { ...h.reply, headers: [...h.reply.headers.filter(([n]) => n !== 'WWW-Authenticate'), ...extra] }
        : h.reply,
      assumptions: [MOCK_ONLY],
    };
  }
  const at = v.accessToken!;
  const q = decodeParams(req.query ?? '', true, 'query');
  return {
    endpoint,
    reply: jsonReply(200, {
      mockOnly: true,
      username: at.username,
      consumerKey: at.consumerKey,
      method: req.method,
      query: q.ok ? q.params.filter(([n]) => !n.startsWith('oauth_')) : [],
      signatureBaseString: v.baseString,
    }),
    verdict: ok(`Signature valid; access token ${at.token} of user ${at.username}.`),
    signature: v.signature,
    assumptions: [MOCK_ONLY],
  };
}

/** RFC 6750 §2.1 (https://www.rfc-editor.org/rfc/rfc6750#section-2.1) b64token. */
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/** Why a bearer request is refused: status, RFC 6750 §3.1 (https://www.rfc-editor.org/rfc/rfc6750#section-3.1) error code (null: no credentials at all), description. */
export interface BearerRefusal {
  readonly status: number;
  readonly error: 'invalid_request' | 'invalid_token' | 'invalid_dpop_proof' | 'use_dpop_nonce' | null;
  readonly description: string;
  readonly headers?: [string, string][];
  /** The challenge's scheme: DPoP for a refusal of a DPoP-bound token or its proof (RFC 9449 §7.1). */
  readonly scheme?: 'DPoP';
}

type BearerFailure = { readonly ok: false } & BearerRefusal;

const bearerFailure = (status: number, error: BearerRefusal['error'], description: string): BearerFailure => ({
  ok: false as const,
  status,
  error,
  description,
});

/**
 * The access token as the request sent it: in the Authorization header (Bearer, or DPoP for a DPoP-bound token),
 * or in the query when the switch allows it (RFC 6750 §2.1, §2.3); one place, one token.
 */
function sentBearerToken(
  req: ProviderRequest,
  ctx: ProviderContext
):
  | BearerFailure
  | { readonly ok: true; readonly token: string; readonly dpopScheme: boolean; readonly headers: [string, string][] } {
  const auths = headerValues(req, 'authorization');
  if (auths.length > 1) return bearerFailure(400, 'invalid_request', 'Send exactly one Authorization header.');
  let headerToken: string | null = null;
  const auth = auths[0];
  // RFC 9449 §7.1: a DPoP-bound token comes in the DPoP scheme, with the same token syntax as Bearer.
  const authScheme = auth === undefined ? null : /^\s*(bearer|dpop)(\s|$)/i.exec(auth)?.[1]?.toLowerCase();
  if (auth !== undefined && authScheme) {
    const m = /^\s*(?:bearer|dpop) +(\S+) *$/i.exec(auth);
    if (!m)
      return bearerFailure(
        400,
        'invalid_request',
        `Malformed Authorization header: expected "${authScheme === 'dpop' ? 'DPoP' : 'Bearer'} <token>" with exactly one token (RFC 6750 §2.1).`
      );
    headerToken = m[1]!;
  }
  const q = decodeParams(req.query ?? '', false, 'query');
  if (!q.ok) return bearerFailure(400, 'invalid_request', q.message);
  const queryTokens = q.params.filter(([n]) => n === 'access_token').map(([, v]) => v);
  if (queryTokens.length > 1 || (queryTokens.length && headerToken !== null))
    return bearerFailure(
      400,
      'invalid_request',
      'The access token was sent in more than one place; use exactly one method, preferably the Authorization header (RFC 6750 §2, §3.1).'
    );
  if (queryTokens.length && !ctx.settings.switches.allowQueryAccessToken)
    return bearerFailure(
      400,
      'invalid_request',
      'Access tokens are not accepted in the access_token query parameter (RFC 6750 §2.3, switch allowQueryAccessToken); send Authorization: Bearer <token>.'
    );
  const token = headerToken ?? queryTokens[0] ?? null;
  const headers: [string, string][] = queryTokens.length ? [['Cache-Control', 'private']] : [];
  if (token === null) {
    const scheme = auth === undefined ? null : /^\s*(\S*)/.exec(auth)![1];
    return bearerFailure(
      401,
      null,
      scheme
        ? `The Authorization scheme ${JSON.stringify(scheme)} is not accepted here; send Authorization: Bearer <access_token> (RFC 6750 §2.1).`
        : 'No access token; send Authorization: Bearer <access_token> (RFC 6750 §2.1).'
    );
  }
  return { ok: true, token, dpopScheme: authScheme === 'dpop', headers };
}

/** The mock's token, or why it does not take it: outside the b64token syntax, unknown, revoked, expired, bound elsewhere. */
function storedToken(
  req: ProviderRequest,
  ctx: ProviderContext,
  token: string
): BearerFailure | { readonly ok: true; readonly t: BearerToken } {
  if (!B64TOKEN.test(token))
    return bearerFailure(
      401,
      'invalid_token',
      'The access token contains characters outside the b64token syntax (RFC 6750 §2.1).'
    );
  const t = ctx.state.bearerTokens.get(token);
  if (!t) return bearerFailure(401, 'invalid_token', 'The access token is unknown to this provider.');
  if (t.status === 'revoked')
    return bearerFailure(
      401,
      'invalid_token',
      'The access token was revoked (by revocation, RFC 7009, or because its authorization code or refresh token was replayed, RFC 6749 §4.1.2 / RFC 9700 §4.14.2).'
    );
  if (ctx.state.isExpired(t))
    return bearerFailure(
      401,
      'invalid_token',
      `The access token expired at ${new Date(t.expiresAt).toISOString()} (expires_in, interface §2.4); use the refresh token.`
    );
  // RFC 8705 §3: a token bound to a client certificate is good only with that certificate, on the mutual-TLS port.
  if (t.certificateThumbprint && req.peerCertificate?.thumbprint !== t.certificateThumbprint)
    return bearerFailure(
      401,
      'invalid_token',
      `The access token is bound to a client certificate (x5t#S256 ${t.certificateThumbprint}); the request ${req.peerCertificate ? `presented another one (${req.peerCertificate.thumbprint})` : 'presented none'}. Call over mutual TLS with the same certificate (RFC 8705 §3).`
    );
  return { ok: true, t };
}

/**
 * The bearer token of a request (RFC 6750 §2.1 header, §2.3 query when allowed), checked against the mock's tokens:
 * known, not revoked, not expired. One implementation for every bearer-protected endpoint.
 */
export function authenticateBearer(
  req: ProviderRequest,
  ctx: ProviderContext
): { readonly ok: true; readonly token: BearerToken; readonly headers: [string, string][] } | BearerFailure {
  const sent = sentBearerToken(req, ctx);
  if (!sent.ok) return sent;
  const stored = storedToken(req, ctx, sent.token);
  if (!stored.ok) return stored;
  const dpop = dpopRefusal(req, ctx, stored.t, sent.dpopScheme);
  if (dpop) return { ok: false, ...dpop };
  return { ok: true, token: stored.t, headers: sent.headers };
}

/** RFC 9449 §7: a DPoP-bound token only in the DPoP scheme with a proof of its key, a bearer token never in it. */
function dpopRefusal(
  req: ProviderRequest,
  ctx: ProviderContext,
  t: BearerToken,
  dpopScheme: boolean
): BearerRefusal | null {
  const refusal = (error: BearerRefusal['error'], description: string, headers: [string, string][] = []) => ({
    status: 401,
    error,
    description,
    headers,
    scheme: 'DPoP' as const,
  });
  if (t.jkt === undefined)
    return dpopScheme
      ? refusal(
          'invalid_token',
          'The access token is a bearer token, not DPoP-bound; send Authorization: Bearer <token> (RFC 9449 §7.2).'
        )
      : null;
  if (!dpopScheme)
    return refusal(
      'invalid_token',
      `The access token is bound to DPoP key ${t.jkt}; send Authorization: DPoP <token> with a DPoP proof of that key (RFC 9449 §7.1).`
    );
  const d = checkDpop(req, ctx, {
    at: 'resource',
    required: true,
    accessToken: t.token,
    boundJkt: t.jkt,
    why: 'the access token is DPoP-bound',
  });
  return d.ok ? null : refusal(d.error, d.description, nonceHeaders(d));
}

/**
 * A refusal as RFC 6750 §3 (https://www.rfc-editor.org/rfc/rfc6750#section-3) answers it: the error in JSON and in the
 * WWW-Authenticate challenge, which names the resource's metadata when it has some (RFC 9728 §5.1).
 */
export function bearerRefusal(realm: string, r: BearerRefusal, resourceMetadata?: string): Reply {
  const extra = r.headers ?? [];
  const challenge = r.scheme === 'DPoP' ? dpopChallenge : bearerChallenge;
  return r.error
    ? oauth2Error(r.status, r.error, r.description, [
        ['WWW-Authenticate', challenge(realm, r.error, r.description, resourceMetadata)],
        ...extra,
      ])
    : jsonReply(r.status, { error_description: r.description }, [
        ['WWW-Authenticate', bearerChallenge(realm, undefined, undefined, resourceMetadata)],
        ...extra,
      ]);
}

export function oauth2Me(req: ProviderRequest, ctx: ProviderContext): Handled {
  const endpoint = 'mock.api.v2.me';
  const fail = (r: BearerRefusal): Handled => ({
    endpoint,
    reply: bearerRefusal(ctx.config.realm, r, `${ctx.baseUrl()}${API_METADATA_PATH}`),
    verdict: refused(r.error ?? 'no_credentials', r.description),
    assumptions: [MOCK_ONLY],
  });
  if (req.method !== 'GET')
    return fail({
      status: 405,
      error: 'invalid_request',
      description: `${req.method} is not accepted; /api/v2/me answers GET.`,
      headers: [['Allow', 'GET']],
    });
  const b = authenticateBearer(req, ctx);
  if (!b.ok) return fail(b);
  const t = b.token;
  return {
    endpoint,
    reply: jsonReply(
      200,
      {
        mockOnly: true,
        username: t.username,
        clientId: t.clientId,
        scope: t.scope,
        expiresAt: new Date(t.expiresAt).toISOString(),
        tokenType: t.jkt ? 'DPoP' : 'Bearer',
        ...(t.jkt ? { cnf: { jkt: t.jkt } } : {}),
      },
      b.headers
    ),
    verdict: ok(`${t.jkt ? 'DPoP' : 'Bearer'} token valid for user ${t.username}.`),
    assumptions: [MOCK_ONLY],
  };
}
