import { decodeJwt, type DecodedJwt } from '../../shared/oidc/jwt';
import { TOKEN_TYPE } from '../../shared/oauth2/token-exchange';
import { verifyJwsSync } from '../../platform/node/jws-verify';
import type { ProviderContext } from '../context';
import { keyRing } from '../oidc-keys';
import { bad } from '../oauth2-token-error';

/** Whom a subject or actor token of the mock stands for (RFC 8693 §1.1), and what it was. */
export interface ExchangedParty {
  readonly username: string;
  /** "access token of client X", for the event. */
  readonly what: string;
  /** An id_token's aud (as a list) and azp (OIDC Core §2): the clients it was issued to; null for another token. */
  readonly issuedTo: { readonly aud: readonly string[]; readonly azp: string | null } | null;
}

/** The token types the mock takes as subject_token_type or actor_token_type: tokens it issued itself. */
const TAKEN_TOKEN_TYPES = [TOKEN_TYPE.accessToken, TOKEN_TYPE.refreshToken, TOKEN_TYPE.idToken] as const;

/** RFC 8693 §2.2.2: an invalid subject or actor token is invalid_request, for any reason. */
const invalid = (param: string, why: string) => bad('invalid_request', `${param} ${why} (RFC 8693 §2.2.2).`);

/** A compact JWT, or null for anything else. */
function jwtOf(token: string): DecodedJwt | null {
  try {
    return decodeJwt(token);
  } catch {
    return null;
  }
}

/** What a token that is not of its declared type is, so a wrong token type is refused by name. */
function actualKind(ctx: ProviderContext, token: string): string | null {
  if (ctx.state.bearerTokens.get(token)) return TOKEN_TYPE.accessToken;
  if (ctx.state.refreshTokens.get(token)) return TOKEN_TYPE.refreshToken;
  const jwt = jwtOf(token);
  if (jwt?.header.typ === 'oauth-id-jag+jwt') return TOKEN_TYPE.idJag;
  return jwt?.payload.iss === ctx.baseUrl() ? TOKEN_TYPE.idToken : null;
}

const KIND_WORDS: Readonly<Record<string, string>> = {
  [TOKEN_TYPE.accessToken]: 'an access token',
  [TOKEN_TYPE.refreshToken]: 'a refresh token',
  [TOKEN_TYPE.idToken]: 'an id_token',
  [TOKEN_TYPE.idJag]: 'an ID-JAG',
};

function wrongType(ctx: ProviderContext, param: string, token: string, type: string, otherwise: string) {
  const kind = actualKind(ctx, token);
  return kind && kind !== type
    ? invalid(param, `is ${KIND_WORDS[kind]} of this provider, but ${param}_type says ${type}; send ${kind}`)
    : invalid(param, otherwise);
}

/** An access or refresh token of the mock: known, not revoked or replaced, not expired by the mock's clock. */
function storedParty(ctx: ProviderContext, param: string, token: string, type: string): ExchangedParty {
  const refresh = type === TOKEN_TYPE.refreshToken;
  const t = refresh ? ctx.state.refreshTokens.get(token) : ctx.state.bearerTokens.get(token);
  const what = refresh ? 'refresh token' : 'access token';
  if (!t) throw wrongType(ctx, param, token, type, `is not an ${what} this provider issued`);
  if (t.status !== 'valid') throw invalid(param, `is a ${t.status} ${what}`);
  if (ctx.state.isExpired(t)) throw invalid(param, `expired at ${new Date(t.expiresAt).toISOString()}`);
  return { username: t.username, what: `${what} of client ${t.clientId}`, issuedTo: null };
}

/** An id_token the mock signed (OIDC Core §2): its issuer, a key of its JWKS by kid, not expired by its clock. */
function idTokenParty(ctx: ProviderContext, param: string, token: string, type: string): ExchangedParty {
  const jwt = jwtOf(token);
  if (!jwt) throw wrongType(ctx, param, token, type, 'is not a JWT; an id_token is a signed JWT (OIDC Core §2)');
  const { header, payload } = jwt;
  if (header.typ === 'oauth-id-jag+jwt') throw wrongType(ctx, param, token, type, 'is an ID-JAG, not an id_token');
  if (payload.iss !== ctx.baseUrl())
    throw invalid(
      param,
      `is issued by ${JSON.stringify(payload.iss)}; this provider takes only its own (${ctx.baseUrl()})`
    );
  const key = keyRing(ctx.state)
    .jwks()
    .keys.find((k) => k.kid === header.kid);
  if (!key)
    throw invalid(param, `is signed with kid ${JSON.stringify(header.kid)}, which this provider does not publish`);
  const verified = verifyJwsSync(token, String(header.alg), key);
  if (!verified.ok) throw invalid(param, `has a bad signature: ${verified.reason}`);
  const exp = payload.exp;
  if (typeof exp !== 'number' || exp <= ctx.clock.nowSeconds())
    throw invalid(param, `expired at ${typeof exp === 'number' ? new Date(exp * 1000).toISOString() : '(no exp)'}`);
  if (typeof payload.sub !== 'string' || payload.sub === '') throw invalid(param, 'has no sub');
  const aud =
    typeof payload.aud === 'string' ? [payload.aud] : Array.isArray(payload.aud) ? payload.aud.map(String) : [];
  const azp = typeof payload.azp === 'string' ? payload.azp : null;
  return { username: payload.sub, what: `id_token for ${String(payload.aud)}`, issuedTo: { aud, azp } };
}

/**
 * A subject or actor token (RFC 8693 §2.1) with its declared type: a token type the mock takes, and a token of that
 * type it issued and still honours; every refusal is invalid_request naming the cause (§2.2.2).
 */
export function exchangedParty(
  ctx: ProviderContext,
  param: 'subject_token' | 'actor_token',
  token: string,
  type: string | undefined
): ExchangedParty {
  if (type === undefined) throw invalid(`${param}_type`, `is missing; it says what ${param} is (RFC 8693 §2.1, §3)`);
  if (!(TAKEN_TOKEN_TYPES as readonly string[]).includes(type))
    throw invalid(
      `${param}_type`,
      `${JSON.stringify(type)} is not one this provider takes; it takes ${TAKEN_TOKEN_TYPES.join(', ')}`
    );
  return type === TOKEN_TYPE.idToken ? idTokenParty(ctx, param, token, type) : storedParty(ctx, param, token, type);
}
