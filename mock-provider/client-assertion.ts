import { ProtocolError } from '../shared/errors';
import { decodeJwt, type DecodedJwt } from '../shared/oidc/jwt';
import { SEED } from '../shared/seed';
import { joseVerifier } from '../platform/jose';
import { ASSERTION_ALGS } from '../shared/oauth2/client-key';
import { checkMethod, clientFailure } from './client-auth-refusal';
import { findClient } from './clients';
import type { ClientConfig } from './config';
import type { ProviderContext } from './context';
import type { FormValues } from './form-values';
import type { ProviderRequest } from './http';
import { clientVerificationKey } from './client-jwks';
import { bad } from './oauth2-token-error';

/** RFC 7523 §2.2 (https://www.rfc-editor.org/rfc/rfc7523#section-2.2): the client_assertion_type of a JWT used for client authentication. */
const JWT_BEARER_ASSERTION = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

const fail = (ctx: ProviderContext, why: string) =>
  clientFailure(false, ctx.config.realm, `Client authentication failed: the client_assertion ${why}`);

/**
 * client_secret_jwt and private_key_jwt (RFC 7523 §3 (https://www.rfc-editor.org/rfc/rfc7523#section-3), OIDC Core §9): the assertion's iss and sub are the client_id,
 * its aud names this provider (the token endpoint URL, the URL it was sent to, or the issuer), exp is in the future
 * by the mock's clock, its jti is not seen again while it lives, and it is signed with the client's secret (HS*) or
 * a key of its JWK Set. Resolves to the authenticated client; every refusal is invalid_client naming the cause.
 */
export async function clientAssertionClient(
  req: ProviderRequest,
  ctx: ProviderContext,
  get: FormValues
): Promise<ClientConfig> {
  const type = get.value('client_assertion_type');
  const assertion = get.value('client_assertion');
  if (type !== JWT_BEARER_ASSERTION)
    throw bad(
      'invalid_request',
      `client_assertion_type must be ${JWT_BEARER_ASSERTION} (RFC 7523 §2.2); got ${type === undefined ? 'none' : JSON.stringify(type)}.`
    );
  if (assertion === undefined) throw bad('invalid_request', 'client_assertion is missing (RFC 7521 §4.2).');
  const refuse: Refuse = (why) => fail(ctx, why);
  const { header, payload, alg } = decodeAssertion(assertion, refuse);
  const { iss, sub } = payload;
  if (typeof sub !== 'string' || iss !== sub)
    throw fail(
      ctx,
      `must have iss and sub both equal to the client_id (RFC 7523 §3); got iss ${JSON.stringify(iss)}, sub ${JSON.stringify(sub)}.`
    );
  const bodyId = get.value('client_id');
  if (bodyId !== undefined && bodyId !== sub)
    throw fail(ctx, `is for ${JSON.stringify(sub)} but client_id says ${JSON.stringify(bodyId)} (RFC 7521 §4.2).`);
  const client = findClient(ctx, sub);
  if (!client) throw fail(ctx, `names client ${JSON.stringify(sub)}, which is not a client of this provider.`);
  checkMethod(client, alg.startsWith('HS') ? 'client_secret_jwt' : 'private_key_jwt', false, ctx.config.realm);
  checkAssertionAudience(ctx, req.path, payload.aud, refuse);
  const exp = checkAssertionTimes(ctx, payload, refuse);
  const jti = payload.jti;
  if (typeof jti !== 'string' || jti === '')
    throw fail(ctx, 'has no jti; a fresh jti is required so a replay can be told (OIDC Core §9, RFC 7523 §3 item 7).');
  await checkAssertionSignature(client, assertion, alg, header, refuse);
  rememberAssertionId(ctx, client.id, jti, exp, refuse);
  return client;
}

/** How a check refuses an assertion: the error to throw, from the end of a sentence ("the assertion …"). */
export type Refuse = (why: string) => unknown;

/** A JWT assertion decoded (RFC 7523 §3 item 8: a JWS), with an algorithm this provider verifies. */
export function decodeAssertion(
  assertion: string,
  refuse: Refuse
): DecodedJwt & { readonly alg: (typeof ASSERTION_ALGS)[number] } {
  let jwt: DecodedJwt;
  try {
    jwt = decodeJwt(assertion);
  } catch (e) {
    if (e instanceof ProtocolError) throw refuse(`is not a signed JWT: ${e.message}`);
    throw e;
  }
  const alg = jwt.header.alg;
  if (typeof alg !== 'string' || !(ASSERTION_ALGS as readonly string[]).includes(alg))
    throw refuse(
      `has alg ${JSON.stringify(alg)}; this provider verifies ${ASSERTION_ALGS.join(', ')} (RFC 7518 §3.1).`
    );
  return { ...jwt, alg: alg as (typeof ASSERTION_ALGS)[number] };
}

/** RFC 7523 §3 item 7: a jti is not accepted twice from one issuer while the assertion lives. */
export function rememberAssertionId(
  ctx: ProviderContext,
  issuer: string,
  jti: string,
  exp: number,
  refuse: Refuse
): void {
  const seenKey = `${issuer} ${jti}`;
  const seenUntil = ctx.state.assertionIds.get(seenKey);
  if (seenUntil !== undefined && seenUntil > ctx.clock.now())
    throw refuse(
      `reuses jti ${JSON.stringify(jti)}, already used by ${issuer} within its lifetime (replay, RFC 7523 §3 item 7).`
    );
  ctx.state.assertionIds.set(seenKey, exp * 1000);
}

/** RFC 7523 §3 item 3: aud names this provider, by its token endpoint URL (the one the request came to) or issuer. */
export function checkAssertionAudience(ctx: ProviderContext, path: string, aud: unknown, refuse: Refuse): void {
  const base = ctx.baseUrl();
  const mtls = ctx.mtlsBaseUrl();
  const accepted = [base, base + SEED.endpoints.oauth2Token.path, base + path];
  if (mtls) accepted.push(mtls + SEED.endpoints.oauth2Token.path, mtls + path);
  const values = typeof aud === 'string' ? [aud] : Array.isArray(aud) ? aud : [];
  if (!values.some((v) => accepted.includes(v as string)))
    throw refuse(
      `has the wrong audience ${JSON.stringify(aud)}; aud must be the token endpoint URL ${accepted[1]} or the issuer ${base} (RFC 7523 §3 item 3).`
    );
}

/** exp in the future, nbf and iat (when present) not in the future, by the mock's clock; returns exp. */
export function checkAssertionTimes(
  ctx: ProviderContext,
  payload: Readonly<Record<string, unknown>>,
  refuse: Refuse
): number {
  const now = ctx.clock.nowSeconds();
  const { exp, nbf } = payload;
  if (typeof exp !== 'number') throw refuse('has no numeric exp (RFC 7523 §3 item 4).');
  if (exp <= now)
    throw refuse(
      `expired at ${new Date(exp * 1000).toISOString()}; the provider's time is ${new Date(now * 1000).toISOString()} (RFC 7523 §3 item 4).`
    );
  if (typeof nbf === 'number' && nbf > now)
    throw refuse(`is not valid before ${new Date(nbf * 1000).toISOString()} (nbf, RFC 7523 §3 item 5).`);
  return exp;
}

/** RFC 7523 §3 item 9: signed by `client` (its secret for HS*, else a key of its JWK Set). */
export async function checkAssertionSignature(
  client: ClientConfig,
  assertion: string,
  alg: string,
  header: Readonly<Record<string, unknown>>,
  refuse: Refuse
): Promise<void> {
  const key = await clientVerificationKey(client, alg, header);
  if (!key.ok) throw refuse(`is signed with ${alg}, ${key.reason}`);
  const verified = await joseVerifier.verifyCompact(assertion, alg, key.key);
  if (!verified.ok) throw refuse(`has a bad signature (${alg}): ${verified.reason}.`);
}
