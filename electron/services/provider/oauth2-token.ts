import { base64Decode } from '../../../shared/encoding/base64';
import { utf8Decode } from '../../../shared/encoding/utf8';
import { constantTimeEqual, percentDecode } from '../../../shared/oauth1';
import { codeChallenge, PKCE_VALUE_SYNTAX } from '../../../shared/oauth2/pkce';
import { SEED } from '../../../shared/seed';
import type { ClientConfig } from './config';
import { ok, refused, type Handled, type ProviderContext } from './context';
import { oauth2Error, quoted, type OAuth2ErrorCode } from './errors';
import { decodeFormBody, decodeParams, headerValues, jsonReply, mediaType, type ProviderRequest } from './http';
import { mintIdToken } from './oidc-id-token';
import type { AuthorizationCode, RefreshToken } from './state';

/**
 * OAuth 2 step two (interface §4.2): the authorization_code grant with the interface's parameters, and the refresh_token
 * grant (RFC 6749 §6; an assumption, the interface says "not shown"). Errors are RFC 6749 §5.2 JSON.
 */
const endpoint = SEED.endpoints.oauth2Token.id;
const ASSUME_REFRESH = 'The refresh_token grant follows RFC 6749 §6; the service does not show the operation that uses the refresh token (interface §5.2).';
const ASSUME_OIDC = 'The id_token follows OpenID Connect Core §3.1.3.3; the service offers no OpenID Connect (mock-only, scope openid).';
const ASSUME_ERRORS = 'OAuth 2 error bodies follow RFC 6749 §5.2; the service does not show them (interface §7).';

export class TokenError {
  constructor(
    readonly status: number,
    readonly error: OAuth2ErrorCode,
    readonly description: string,
    readonly headers: [string, string][] = [],
  ) {}
}
export const bad = (error: OAuth2ErrorCode, description: string) => new TokenError(400, error, description);

export function token(req: ProviderRequest, ctx: ProviderContext): Handled {
  try {
    return grant(req, ctx);
  } catch (e) {
    if (!(e instanceof TokenError)) throw e;
    return { endpoint, reply: oauth2Error(e.status, e.error, e.description, e.headers), verdict: refused(e.error, e.description), assumptions: [ASSUME_ERRORS] };
  }
}

function grant(req: ProviderRequest, ctx: ProviderContext): Handled {
  const { client, get } = readClientPost(req, ctx, 'the token endpoint', 'RFC 6749 §4.1.3');
  const grantType = get.value('grant_type');
  if (!grantType) throw bad('invalid_request', 'grant_type is missing; use authorization_code (interface §4.2) or refresh_token.');
  if (grantType !== 'authorization_code' && grantType !== 'refresh_token') throw bad('unsupported_grant_type', `grant_type ${JSON.stringify(grantType)} is not supported; use authorization_code or refresh_token.`);
  if (!client.grantTypes.includes(grantType)) throw bad('unauthorized_client', `Client ${client.id} may not use the ${grantType} grant.`);
  return grantType === 'authorization_code' ? authorizationCode(ctx, client, get) : refresh(ctx, client, get);
}

/**
 * A client's form POST as the token endpoint reads it (RFC 6749 §3.2, §2.3.1), shared with the mock's revocation
 * (RFC 7009 §2.1) and introspection (RFC 7662 §2.1) endpoints: POST, a form body, no repeated parameters, the client
 * authenticated. Throws TokenError.
 */
export function readClientPost(req: ProviderRequest, ctx: ProviderContext, where: string, formSection: string): { client: ClientConfig; get: FormValues } {
  if (req.method !== 'POST') throw new TokenError(405, 'invalid_request', `${req.method} is not accepted; ${where} takes POST (RFC 6749 §3.2).`, [['Allow', 'POST']]);
  if (mediaType(req) !== 'application/x-www-form-urlencoded') throw bad('invalid_request', `The body must be application/x-www-form-urlencoded (${formSection}); got ${JSON.stringify(mediaType(req) || 'no Content-Type')}.`);
  // RFC 6749 §3.2 lets the endpoint URI carry a query, but never the client's secret (§2.3.1).
  const q = req.query ? decodeParams(req.query, false, 'query') : null;
  if (q && !q.ok) throw bad('invalid_request', `${q.message} ${where[0]!.toUpperCase()}${where.slice(1)} takes its parameters in the form body (${formSection}).`);
  if (q?.params.some(([n]) => n === 'client_secret')) throw bad('invalid_request', 'client_secret must not be sent in the request URI (RFC 6749 §2.3.1); send it in the form body.');
  const form = decodeFormBody(req);
  if (!form.ok) throw bad('invalid_request', `The request body could not be parsed: ${form.message}`);
  const dupes = repeated(form.params);
  if (dupes.length) throw bad('invalid_request', `${dupes.join(', ')} appear${dupes.length > 1 ? '' : 's'} more than once (RFC 6749 §3.2).`);
  const get = new FormValues(form.params);
  return { client: authenticate(req, ctx, get), get };
}

type Params = readonly (readonly [string, string])[];

/** RFC 6749 §3.2: parameters without a value are treated as omitted. */
export class FormValues {
  constructor(private readonly params: Params) {}

  value(name: string): string | undefined {
    for (const [k, v] of this.params) if (k === name && v !== '') return v;
    return undefined;
  }
}

/** Names sent more than once with a value (RFC 6749 §3.2). */
function repeated(params: Params): string[] {
  const seen = new Set<string>();
  const dupes = new Set<string>();
  for (const [n, v] of params) if (v !== '') (seen.has(n) ? dupes : seen).add(n);
  return [...dupes];
}

const basicFailure = (realm: string, description: string) => new TokenError(401, 'invalid_client', description, [['WWW-Authenticate', `Basic realm=${quoted(realm)}`]]);
/** RFC 6749 §5.2: 401 for failed client authentication, with a Basic challenge when the client used Basic. */
const clientFailure = (usedBasic: boolean, realm: string, description: string) => (usedBasic ? basicFailure(realm, description) : new TokenError(401, 'invalid_client', description));

/** RFC 6749 §2.3.1: HTTP Basic (id and secret form-urlencoded, then base64) or client_id + client_secret in the body, not both. */
function authenticate(req: ProviderRequest, ctx: ProviderContext, get: FormValues): ClientConfig {
  const realm = ctx.config.realm;
  const auths = headerValues(req, 'authorization');
  let basic: { id: string; secret: string } | null = null;
  if (auths.length > 1) throw bad('invalid_request', 'Send exactly one Authorization header.');
  if (auths[0] !== undefined) {
    const m = /^\s*basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(auths[0]);
    if (!m) throw basicFailure(realm, 'The Authorization header is not HTTP Basic client authentication (RFC 6749 §2.3.1); use Basic base64(client_id:client_secret) or send the credentials in the body.');
    let decoded: string;
    try {
      decoded = utf8Decode(base64Decode(m[1]!));
    } catch {
      throw basicFailure(realm, 'The Basic credentials are not base64 of UTF-8 text.');
    }
    const colon = decoded.indexOf(':');
    if (colon < 0) throw basicFailure(realm, 'The Basic credentials must be client_id:client_secret, each form-urlencoded (RFC 6749 §2.3.1).');
    try {
      basic = { id: percentDecode(decoded.slice(0, colon), true), secret: percentDecode(decoded.slice(colon + 1), true) };
    } catch {
      throw basicFailure(realm, 'The Basic credentials contain a malformed percent-escape; id and secret are form-urlencoded before base64 (RFC 6749 §2.3.1).');
    }
  }
  const bodyId = get.value('client_id');
  const bodySecret = get.value('client_secret');
  if (basic && bodySecret !== undefined) throw bad('invalid_request', 'The client authenticated twice, with HTTP Basic and client_secret in the body; use one method (RFC 6749 §2.3).');
  if (basic && bodyId !== undefined && bodyId !== basic.id) throw bad('invalid_request', 'client_id in the body differs from the one in the Basic credentials.');
  const id = basic?.id ?? bodyId;
  if (id === undefined) throw bad('invalid_request', 'client_id is missing; the service requires client_id and client_secret in the body (interface §4.2).');
  const client = ctx.config.oauth2.clients.find((c) => c.id === id);
  const secret = basic?.secret ?? bodySecret;
  // Compare even for an unknown client, so timing does not reveal which ids exist.
  const secretOk = constantTimeEqual(client?.secret ?? '\u0000unknown-client', secret ?? '');
  if (!client) throw clientFailure(basic !== null, realm, `Client authentication failed: client_id ${JSON.stringify(id)} is not a client of this provider.`);
  if (client.secret === undefined) {
    if (secret !== undefined) throw clientFailure(basic !== null, realm, `Client ${client.id} is a public client and has no secret; send only client_id (and the PKCE code_verifier).`);
    return client;
  }
  if (secret === undefined) throw clientFailure(basic !== null, realm, `Client authentication failed: client_secret is missing for confidential client ${client.id} (interface §4.2).`);
  if (!secretOk) throw clientFailure(basic !== null, realm, `Client authentication failed: wrong client_secret for ${client.id}.`);
  return client;
}

function authorizationCode(ctx: ProviderContext, client: ClientConfig, get: FormValues): Handled {
  const codeValue = get.value('code');
  if (!codeValue) throw bad('invalid_request', 'code is missing; send the code from the authorization redirect (interface §4.2).');
  const redirectUri = get.value('redirect_uri');
  if (!redirectUri) throw bad('invalid_request', 'redirect_uri is missing; send the same value as in the authorization request (interface §4.2, RFC 6749 §4.1.3).');
  const verifier = get.value('code_verifier');
  if (verifier !== undefined && !PKCE_VALUE_SYNTAX.test(verifier)) throw bad('invalid_request', `code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636 §4.1); got ${verifier.length} characters.`);
  const code = ctx.state.codes.get(codeValue);
  if (!code) throw bad('invalid_grant', 'The authorization code is unknown to this provider.');
  if (code.clientId !== client.id) throw bad('invalid_grant', 'The authorization code was issued to another client (RFC 6749 §4.1.3).');
  if (code.status === 'redeemed') {
    const revoked = ctx.settings.switches.revokeOnCodeReuse ? ctx.state.revokeGrant(code.grantId) : 0;
    throw bad('invalid_grant', `The authorization code was already used; a code is single-use (RFC 6749 §4.1.2).${revoked ? ' The tokens issued for it are now revoked.' : ''}`);
  }
  // From here on the code is spent whatever happens, so a verifier cannot be guessed by retrying.
  code.status = 'redeemed';
  if (ctx.state.isExpired(code)) throw bad('invalid_grant', `The authorization code expired at ${new Date(code.expiresAt).toISOString()} (${ctx.settings.lifetimes.codeTtl} s after issue); the service requires an immediate exchange (interface §8).`);
  if (code.redirectUri !== redirectUri) throw bad('invalid_grant', `redirect_uri differs from the one of the authorization request (${JSON.stringify(code.redirectUri)}); it must be identical (RFC 6749 §4.1.3).`);
  checkVerifier(ctx, code, verifier);
  return issueTokens(ctx, code, code.scope, 'Code exchanged', undefined, code);
}

function checkVerifier(ctx: ProviderContext, code: AuthorizationCode, verifier: string | undefined): void {
  if (!code.pkce) {
    if (verifier !== undefined) throw bad('invalid_grant', 'code_verifier was sent but the authorization request had no code_challenge (PKCE downgrade, RFC 9700 §4.8.2).');
    return;
  }
  if (verifier === undefined) throw bad('invalid_grant', 'code_verifier is missing; the authorization request carried a code_challenge (RFC 7636 §4.5).');
  if (!constantTimeEqual(codeChallenge(verifier, code.pkce.method, ctx.crypto), code.pkce.challenge)) throw bad('invalid_grant', `code_verifier does not match the code_challenge (${code.pkce.method}, RFC 7636 §4.6).`);
}

function refresh(ctx: ProviderContext, client: ClientConfig, get: FormValues): Handled {
  const value = get.value('refresh_token');
  if (!value) throw bad('invalid_request', 'refresh_token is missing.');
  const rt = ctx.state.refreshTokens.get(value);
  if (!rt) throw bad('invalid_grant', 'The refresh token is unknown to this provider.');
  if (rt.clientId !== client.id) throw bad('invalid_grant', 'The refresh token was issued to another client (RFC 6749 §6).');
  if (rt.status === 'revoked') throw bad('invalid_grant', 'The refresh token was revoked.');
  if (rt.status === 'rotated') {
    ctx.state.revokeGrant(rt.grantId);
    throw bad('invalid_grant', 'The refresh token was already used and replaced (rotation); a replay revokes the whole grant (RFC 9700 §4.14.2).');
  }
  if (ctx.state.isExpired(rt)) throw bad('invalid_grant', `The refresh token expired at ${new Date(rt.expiresAt).toISOString()}.`);
  const asked = get.value('scope');
  const granted = rt.scope.split(' ').filter(Boolean);
  const wanted = asked === undefined ? granted : asked.split(' ').filter(Boolean);
  const extra = wanted.filter((s) => !granted.includes(s));
  if (extra.length) throw bad('invalid_scope', `Scope ${extra.join(' ')} was not in the original grant (${rt.scope || 'empty'}); a refresh may only narrow it (RFC 6749 §6).`);
  return issueTokens(ctx, rt, [...new Set(wanted)].join(' '), 'Refresh token accepted', rt);
}

function issueTokens(ctx: ProviderContext, from: { grantId: string; clientId: string; username: string }, scope: string, what: string, previous?: RefreshToken, code?: AuthorizationCode): Handled {
  const now = ctx.clock.now();
  const { accessTokenTtl, refreshTokenTtl } = ctx.settings.lifetimes;
  const access = { token: ctx.state.newSecret(24, 'b-'), grantId: from.grantId, clientId: from.clientId, username: from.username, scope, issuedAt: now, expiresAt: now + accessTokenTtl * 1000, status: 'valid' as const };
  ctx.state.addBearer(access);
  let refreshToken = previous;
  if (!previous || ctx.settings.switches.rotateRefreshTokens) {
    if (previous) previous.status = 'rotated';
    // RFC 6749 §6: a new refresh token keeps the original grant's scope.
    refreshToken = { token: ctx.state.newSecret(32, 'r-'), grantId: from.grantId, clientId: from.clientId, username: from.username, scope: previous?.scope ?? scope, issuedAt: now, expiresAt: now + refreshTokenTtl * 1000, status: 'valid' };
    ctx.state.addRefresh(refreshToken);
  }
  const body: Record<string, unknown> = { access_token: access.token, expires_in: accessTokenTtl, token_type: 'bearer', scope, refresh_token: refreshToken!.token };
  // OpenID Connect (OIDC Core §3.1.3.3), beyond the service: a code grant with scope openid also returns an id_token.
  const openId = code !== undefined && scope.split(' ').includes('openid');
  if (openId) body.id_token = mintIdToken(ctx, { clientId: code.clientId, username: code.username, scope, nonce: code.nonce, accessToken: access.token, authTime: code.issuedAt });
  const fault = openId && ctx.settings.switches.idTokenFault !== 'off' ? ` id_token issued with fault ${ctx.settings.switches.idTokenFault} (switch idTokenFault).` : openId ? ' id_token issued (OpenID Connect).' : '';
  return {
    endpoint,
    reply: jsonReply(200, body),
    verdict: ok(`${what}; bearer token issued for ${from.username} (expires in ${accessTokenTtl} s).${fault}`),
    assumptions: previous ? [ASSUME_REFRESH] : openId ? [ASSUME_OIDC] : undefined,
  };
}
