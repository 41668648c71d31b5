import { ProtocolError } from '../shared/errors';
import { decodeJwt, type DecodedJwt } from '../shared/oidc/jwt';
import { SEED } from '../shared/seed';
import { joseVerifier } from '../platform/jose';
import { ASSERTION_ALGS } from '../shared/oauth2/client-key';
import { clientVerificationKey } from './client-jwks';
import type { ClientConfig, Switches } from './config';
import type { ProviderContext } from './context';
import type { AuthorizationParams } from './authorization-request-check';
import { TokenError } from './oauth2-token-error';

/** The JWS algorithms a request object may be signed with: the client assertions' (discovery's request_object_signing_alg_values_supported). */
const REQUEST_OBJECT_ALGS = ASSERTION_ALGS;

/** The algorithms offered and verified under the switch requestObjectAlgs, `none` first when it is taken. */
export const requestObjectAlgs = (sw: Pick<Switches, 'requestObjectAlgs'>): readonly string[] =>
  sw.requestObjectAlgs === 'asymmetric'
    ? REQUEST_OBJECT_ALGS.filter((a) => !a.startsWith('HS'))
    : ['none', ...REQUEST_OBJECT_ALGS];

/** The JWT claims of a request object that are about the JWT, not parameters of the authorization request. */
const JWT_CLAIMS = new Set(['iss', 'aud', 'exp', 'iat', 'nbf', 'jti']);

export type RequestObjectOutcome =
  { ok: true; params: AuthorizationParams; signed: boolean } | { ok: false; message: string };

const refuse = (why: string): RequestObjectOutcome => ({ ok: false, message: `The request object ${why}` });

/**
 * A request object (RFC 9101 (https://www.rfc-editor.org/rfc/rfc9101)) sent by value, at the authorize endpoint or
 * pushed (RFC 9126 §3): a JWT signed with a key of the client's JWK Set (or, under requestObjectAlgs `all`, with its
 * secret, HS*), its client_id the client's, iss (when present) the client_id, aud this provider, not expired by the
 * mock's clock. Its claims are the authorization request's parameters, and the only ones used (RFC 9101 §5, §6.3).
 * `alg: none` is accepted only under `all`, from a client that does not require signed request objects (§10.5).
 */
export async function readRequestObject(
  ctx: ProviderContext,
  client: ClientConfig,
  jwt: string
): Promise<RequestObjectOutcome> {
  let decoded: DecodedJwt;
  try {
    decoded = decodeJwt(jwt);
  } catch (e) {
    if (e instanceof ProtocolError) return refuse(`is not a JWT (RFC 9101 §4): ${e.message}`);
    throw e;
  }
  const { header, payload } = decoded;
  const alg = header.alg;
  const signed = alg !== 'none';
  const offered = requestObjectAlgs(ctx.settings.switches);
  if (!signed && client.requireSignedRequestObject)
    return refuse(
      `is unsigned (alg none), but client ${client.id} requires signed request objects (require_signed_request_object, RFC 9101 §10.5).`
    );
  if (typeof alg !== 'string' || !offered.includes(alg))
    return refuse(
      `has alg ${JSON.stringify(alg)}; this provider verifies ${offered.filter((a) => a !== 'none').join(', ')} (request_object_signing_alg_values_supported).`
    );
  const claimsProblem = checkClaims(ctx, client, payload, signed);
  if (claimsProblem) return refuse(claimsProblem);
  if (signed) {
    const problem = await signatureProblem(client, jwt, alg as string, header);
    if (problem) return refuse(problem);
  } else if (decoded.signature !== '') return refuse('says alg none but carries a signature (RFC 7519 §6.1).');
  const params = Object.entries(payload)
    .filter(([name]) => !JWT_CLAIMS.has(name))
    .map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)] as const);
  return { ok: true, params, signed };
}

/** client_id, iss, aud, exp, nbf and the parameters a request object must not hold; null when all fit. */
function checkClaims(
  ctx: ProviderContext,
  client: ClientConfig,
  payload: Readonly<Record<string, unknown>>,
  signed: boolean
): string | null {
  if (payload.client_id !== client.id)
    return `has client_id ${JSON.stringify(payload.client_id)}; it must be the client_id parameter, ${JSON.stringify(client.id)} (RFC 9101 §5).`;
  if (payload.iss !== undefined && payload.iss !== client.id)
    return `has iss ${JSON.stringify(payload.iss)}; it must be the client_id ${JSON.stringify(client.id)} (RFC 9101 §4, §10.2).`;
  const base = ctx.baseUrl();
  const accepted = [base, base + SEED.endpoints.oauth2Authorize.path];
  const aud = typeof payload.aud === 'string' ? [payload.aud] : Array.isArray(payload.aud) ? payload.aud : [];
  if ((signed || payload.aud !== undefined) && !aud.some((a) => accepted.includes(a as string)))
    return `has aud ${payload.aud === undefined ? '(none)' : JSON.stringify(payload.aud)}; a signed request object names this provider, the issuer ${base} (RFC 9101 §4, §10.2).`;
  const now = ctx.clock.nowSeconds();
  if (payload.exp !== undefined && (typeof payload.exp !== 'number' || payload.exp <= now))
    return `expired (exp ${JSON.stringify(payload.exp)}); the provider's time is ${now} (RFC 7519 §4.1.4).`;
  if (typeof payload.nbf === 'number' && payload.nbf > now)
    return `is not valid before ${payload.nbf} (nbf); the provider's time is ${now} (RFC 7519 §4.1.5).`;
  if (payload.request !== undefined || payload.request_uri !== undefined)
    return 'must not contain request or request_uri (RFC 9101 §4).';
  return null;
}

async function signatureProblem(
  client: ClientConfig,
  jwt: string,
  alg: string,
  header: Readonly<Record<string, unknown>>
): Promise<string | null> {
  let key: Awaited<ReturnType<typeof clientVerificationKey>>;
  try {
    key = await clientVerificationKey(client, alg, header);
  } catch (e) {
    if (e instanceof TokenError) return `cannot be checked: ${e.description}`;
    throw e;
  }
  if (!key.ok) return `is signed with ${alg}, ${key.reason}`;
  const verified = await joseVerifier.verifyCompact(jwt, alg, key.key);
  return verified.ok ? null : `has a bad signature (${alg}, RFC 9101 §6.2): ${verified.reason}.`;
}
