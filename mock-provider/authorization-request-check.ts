import { PKCE_VALUE_SYNTAX } from '../shared/oauth2/pkce';
import type { ClientConfig } from './config';
import type { ProviderContext } from './context';
import type { OAuth2ErrorCode } from './errors';
import { isResourceIndicator } from './grants/requested-resource';
import { LOGIN_PAGE_TTL_MS } from './login-page';
import { matchRegisteredUri } from './redirect-uri';
import { isLax } from './lax';
import { laxRedirectMatch } from './lax-redirect-uri';
import type { PendingLogin, PkceBinding } from './state';

export type PendingAuthorization = Extract<PendingLogin, { kind: 'oauth2' }>;
export type AuthorizationParams = readonly (readonly [string, string])[];

/**
 * The outcome of checking an authorization request's parameters: the request to show the login page for, or a
 * refusal. `redirectUri` null: the redirect URI is not yet trusted, so the refusal is never redirected.
 */
export type AuthorizationCheck =
  | { ok: true; pending: PendingAuthorization }
  | {
      ok: false;
      error: OAuth2ErrorCode;
      description: string;
      redirectUri: string | null;
      state: string | null;
    };

/**
 * The checks of an authorization request once its client is known (interface §4.2, RFC 6749 §4.1.1, §3.1), one
 * implementation for the authorize endpoint's query, a pushed request's form (RFC 9126 §2.1) and a request
 * object's claims (RFC 9101 §5).
 */
export function checkAuthorizationRequest(
  ctx: ProviderContext,
  client: ClientConfig,
  params: AuthorizationParams
): AuthorizationCheck {
  // RFC 6749 §3.1 (https://www.rfc-editor.org/rfc/rfc6749#section-3.1): parameters sent without a value are treated as omitted; none may appear twice.
  const values = (n: string) => params.filter(([k, v]) => k === n && v !== '').map(([, v]) => v);
  const dup = (n: string) => params.filter(([k]) => k === n).length > 1;
  const page = (description: string): AuthorizationCheck => ({
    ok: false,
    error: 'invalid_request',
    description,
    redirectUri: null,
    state: null,
  });
  if (dup('redirect_uri')) return page('redirect_uri appears more than once (RFC 6749 §3.1).');
  const redirectUri = values('redirect_uri')[0];
  if (!redirectUri) return page('redirect_uri is missing; the service requires it (interface §4.2).');
  const state = dup('state') ? null : (values('state')[0] ?? null);
  const match = matchRegisteredUri(client.redirectUris, redirectUri, `client ${JSON.stringify(client.id)}`);
  const sw = ctx.settings.switches;
  if (!match.ok && !laxRedirectMatch(sw, client.redirectUris, redirectUri)) {
    // Lax error-redirect-unregistered: the refusal is redirected to the unregistered URI, an open redirect (RFC 9700 §4.11.2).
    if (isLax(sw, 'error-redirect-unregistered'))
      return { ok: false, error: 'invalid_request', description: `redirect_uri ${match.reason}.`, redirectUri, state };
    return page(`redirect_uri ${match.reason}.`);
  }

  const repeated = [...new Set(params.map(([k]) => k))].filter(dup);
  const fail = (error: OAuth2ErrorCode, description: string): AuthorizationCheck => ({
    ok: false,
    error,
    description,
    redirectUri,
    state,
  });
  if (repeated.length)
    return fail(
      'invalid_request',
      `${repeated.join(', ')} appear${repeated.length > 1 ? '' : 's'} more than once (RFC 6749 §3.1).`
    );
  const wrong = requestRefusal(ctx, client, values, state);
  if (wrong) return fail(wrong.error, wrong.description);
  const scope = (values('scope')[0] ?? '').split(' ').filter((s) => s !== '');
  const unknown = scope.filter((s) => !ctx.config.oauth2.scopes.includes(s));
  if (unknown.length)
    return fail(
      'invalid_scope',
      `Unknown scope ${unknown.join(' ')}; this provider knows ${ctx.config.oauth2.scopes.join(' ')}.`
    );
  const pkce = checkPkce(ctx, client, values('code_challenge')[0], values('code_challenge_method')[0]);
  if (typeof pkce === 'string') return fail('invalid_request', pkce);
  const resource = values('resource')[0] ?? null;
  if (resource !== null && !isResourceIndicator(resource))
    return fail(
      'invalid_target',
      `resource ${JSON.stringify(resource)} must be an absolute URI without a fragment (RFC 8707 §2).`
    );
  const dpopJkt = values('dpop_jkt')[0] ?? null;
  if (dpopJkt !== null && !JKT_SYNTAX.test(dpopJkt))
    return fail(
      'invalid_request',
      `dpop_jkt must be a SHA-256 JWK thumbprint: 43 base64url characters (A-Z a-z 0-9 - _, RFC 9449 §10, RFC 7638); got ${dpopJkt.length} characters${/[^A-Za-z0-9_-]/.test(dpopJkt) ? ' with characters outside that set' : ''}.`
    );
  // OpenID Connect (OIDC Core §3.1.2.1): a nonce is kept with the code and echoed in the id_token.
  return {
    ok: true,
    pending: {
      kind: 'oauth2',
      clientId: client.id,
      redirectUri,
      state,
      scope: [...new Set(scope)].join(' '),
      pkce,
      nonce: values('nonce')[0] ?? null,
      resource,
      dpopJkt,
      expiresAt: ctx.clock.now() + LOGIN_PAGE_TTL_MS,
    },
  };
}

/** A SHA-256 JWK thumbprint (RFC 7638) in base64url without padding: 32 bytes are 43 characters (RFC 9449 §10). */
const JKT_SYNTAX = /^[A-Za-z0-9_-]{43}$/;

const refusal = (error: OAuth2ErrorCode, description: string) => ({ error, description });

/** response_type, grant_type, the client's grants and state (interface §4.2, RFC 6749 §4.1.1); null when all fit. */
function requestRefusal(
  ctx: ProviderContext,
  client: ClientConfig,
  values: (name: string) => string[],
  state: string | null
): { error: OAuth2ErrorCode; description: string } | null {
  const responseType = values('response_type')[0];
  if (!responseType)
    return refusal(
      'invalid_request',
      'response_type is missing; the service expects response_type=code (interface §4.2).'
    );
  if (responseType !== 'code')
    return refusal(
      'unsupported_response_type',
      `response_type ${JSON.stringify(responseType)} is not supported; only code (the authorization code grant) is.`
    );
  const grantType = values('grant_type')[0];
  if (grantType !== undefined && grantType !== 'authorization_code')
    return refusal(
      'invalid_request',
      `grant_type, when sent, must be authorization_code (interface §4.2); got ${JSON.stringify(grantType)}.`
    );
  if (!client.grantTypes.includes('authorization_code'))
    return refusal('unauthorized_client', `Client ${client.id} may not use the authorization code grant.`);
  if (state === null && ctx.settings.switches.requireState)
    return refusal(
      'invalid_request',
      'state is missing; the service requires a unique state per request (interface §4.2, RFC 6749 §10.12).'
    );
  return null;
}

/** RFC 7636 §4.3 (https://www.rfc-editor.org/rfc/rfc7636#section-4.3) / §4.4.1, RFC 9700 §2.1.1 (https://www.rfc-editor.org/rfc/rfc9700#section-2.1.1). Returns the binding to store, or why the request is refused. */
function checkPkce(
  ctx: ProviderContext,
  client: ClientConfig,
  challenge: string | undefined,
  method: string | undefined
): PkceBinding | null | string {
  if (challenge === undefined) {
    if (method !== undefined) return 'code_challenge_method was sent without code_challenge (RFC 7636 §4.3).';
    if (!client.secret && !isLax(ctx.settings.switches, 'pkce-not-required'))
      return 'code_challenge is required: this client has no secret, so it must use PKCE (RFC 7636, RFC 9700 §2.1.1).';
    if (ctx.settings.switches.requirePkce)
      return 'code_challenge is required by this provider (switch requirePkce, RFC 9700 §2.1.1).';
    return null;
  }
  const m = method ?? 'plain';
  if (m !== 'S256' && m !== 'plain')
    return `code_challenge_method ${JSON.stringify(m)}: transform algorithm not supported; use S256 (RFC 7636 §4.3).`;
  // Lax advertised-not-enforced: plain taken while the metadata offers S256 alone (RFC 8414 §2).
  if (
    m === 'plain' &&
    !ctx.settings.switches.allowPlainPkce &&
    !isLax(ctx.settings.switches, 'advertised-not-enforced')
  )
    return 'code_challenge_method plain is not accepted by this provider (switch allowPlainPkce); use S256 (RFC 7636 §4.2).';
  if (!PKCE_VALUE_SYNTAX.test(challenge))
    return `code_challenge must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636 §4.2); got ${challenge.length} characters.`;
  return { challenge, method: m };
}
