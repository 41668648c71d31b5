import { ID_JAG_TYP } from '../../shared/oauth2/id-jag';
import { verifyJwsSync } from '../../platform/node/jws-verify';
import { checkAssertionTimes, rememberAssertionId, type Refuse } from '../client-assertion';
import type { ClientConfig } from '../config';
import type { Handled, ProviderContext } from '../context';
import type { FormValues } from '../form-values';
import { bad } from '../oauth2-token-error';
import { keyRing } from '../oidc-keys';
import { grantedScope } from './granted-scope';
import { issueTokens } from './issue-tokens';
import { servedTargets } from './served-targets';

const DRAFT = 'draft-ietf-oauth-identity-assertion-authz-grant';
const ASSUME_ID_JAG = `The ID-JAG's redemption follows ${DRAFT} §4.4 on RFC 7523; the service has none (mock-only).`;

/** An ID-JAG that is not valid is invalid_grant, saying why (RFC 7523 §3.1, the draft's §4.4). */
const refuse: Refuse = (why) => bad('invalid_grant', `The ID-JAG ${why}`);

/** Whether an assertion is an ID-JAG for the mock to redeem: typed so, or issued by the mock as the IdP. */
export const isIdJag = (ctx: ProviderContext, header: Readonly<Record<string, unknown>>, iss: unknown): boolean =>
  header.typ === ID_JAG_TYP || iss === ctx.baseUrl();

/** typ, then the IdP's key by kid and the signature (the draft's §4.4 with RFC 7523 §3 items 1 and 9). */
function checkTypAndSignature(ctx: ProviderContext, assertion: string, header: Readonly<Record<string, unknown>>) {
  if (header.typ !== ID_JAG_TYP)
    throw refuse(`has typ '${String(header.typ)}'; an ID-JAG's typ is ${ID_JAG_TYP} (${DRAFT} §3.1).`);
  const key = keyRing(ctx.state)
    .jwks()
    .keys.find((k) => k.kid === header.kid);
  if (!key)
    throw refuse(
      `is signed with kid ${String(header.kid)}, which the IdP (${ctx.baseUrl()}) does not publish at its jwks_uri (RFC 7523 §3 item 9).`
    );
  const verified = verifyJwsSync(assertion, String(header.alg), key);
  if (!verified.ok) throw refuse(`has a bad signature (${String(header.alg)}): ${verified.reason}.`);
}

/** aud this authorization server, client_id the client redeeming, resource one it serves (the draft's §4.4). */
function checkAudience(ctx: ProviderContext, client: ClientConfig, payload: Readonly<Record<string, unknown>>) {
  const { aud, client_id: clientId, resource } = payload;
  const issuer = ctx.baseUrl();
  if (!(Array.isArray(aud) ? aud : [aud]).includes(issuer))
    throw refuse(`has aud ${String(aud)}; it must be this authorization server's issuer ${issuer} (${DRAFT} §4.4).`);
  if (clientId !== client.id)
    throw refuse(
      `was issued for client_id ${String(clientId)}, but client ${client.id} redeems it; they must be the same (${DRAFT} §4.4).`
    );
  const served = servedTargets(ctx).resources;
  if (resource !== undefined && !served.includes(resource as string))
    throw refuse(
      `has resource ${String(resource)}, which this provider does not serve; it serves ${served.join(', ')}.`
    );
  return typeof resource === 'string' ? resource : null;
}

/**
 * The mock as the resource's authorization server redeeming an ID-JAG presented by the JWT bearer grant (the
 * draft's §4.4, RFC 7523 §2.1): typ, the IdP's key by kid, the signature, aud, client_id, resource, exp, and a jti
 * used once; the access token is for its sub, with its scope (or less, when the request asks for less).
 */
export function redeemIdJag(
  ctx: ProviderContext,
  client: ClientConfig,
  assertion: string,
  jwt: { readonly header: Readonly<Record<string, unknown>>; readonly payload: Readonly<Record<string, unknown>> },
  get: FormValues,
  certificate: string | null
): Handled {
  const { header, payload } = jwt;
  checkTypAndSignature(ctx, assertion, header);
  const resource = checkAudience(ctx, client, payload);
  const exp = checkAssertionTimes(ctx, payload, refuse);
  const sub = payload.sub;
  if (typeof sub !== 'string' || sub === '') throw refuse('has no sub (RFC 7523 §3 item 2).');
  if (typeof payload.jti !== 'string' || payload.jti === '') throw refuse(`has no jti (${DRAFT} §3.1).`);
  rememberAssertionId(ctx, ctx.baseUrl(), payload.jti, exp, refuse);
  const asked = get.value('scope') ?? (typeof payload.scope === 'string' ? payload.scope : undefined);
  const scope = grantedScope(ctx, client, asked);
  const grant = { grantId: ctx.state.newSecret(9, 'g-'), clientId: client.id, username: sub };
  const what = `ID-JAG of ${ctx.baseUrl()} for ${sub} redeemed by client ${client.id} (${DRAFT} §4.4)`;
  return {
    ...issueTokens(ctx, grant, scope, what, { withoutRefresh: true, certificate, resource }),
    assumptions: [ASSUME_ID_JAG],
  };
}
