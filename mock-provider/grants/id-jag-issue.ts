import { ID_JAG_TYP, type IdJagFault } from '../../shared/oauth2/id-jag';
import { TOKEN_TYPE } from '../../shared/oauth2/token-exchange';
import { SEED } from '../../shared/seed';
import type { ClientConfig } from '../config';
import { ok, type Handled, type ProviderContext } from '../context';
import { jsonReply } from '../http';
import { jwsSign, keyRing } from '../oidc-keys';

const ASSUME_ID_JAG =
  'The ID-JAG follows draft-ietf-oauth-identity-assertion-authz-grant; the service issues none (mock-only).';

/** What an ID-JAG is asked for (the draft's §4.3: a token exchange for an id_token, with audience and resource). */
export interface IdJagRequest {
  readonly username: string;
  readonly audience: string;
  readonly resource: string | null;
  readonly scope: string;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** The claims of the ID-JAG (the draft's §3.1), each broken as the switch idJagFault says. */
function claimsOf(ctx: ProviderContext, client: ClientConfig, r: IdJagRequest, fault: IdJagFault) {
  const now = ctx.clock.nowSeconds();
  const ttl = ctx.settings.lifetimes.idTokenTtl;
  // expired: both times in the past, exp two minutes beyond any usual clock-skew allowance.
  const iat = fault === 'expired' ? now - ttl - 120 : now;
  const resource = fault === 'wrong-resource' ? 'https://elsewhere.example/api' : r.resource;
  return {
    iss: ctx.baseUrl(),
    sub: r.username,
    aud: fault === 'wrong-aud' ? 'https://as.elsewhere.example' : r.audience,
    client_id: fault === 'wrong-client-id' ? 'another-client' : client.id,
    jti: ctx.state.newSecret(12, 'jag-'),
    iat,
    exp: iat + ttl,
    ...(resource === null ? {} : { resource }),
    scope: r.scope,
  };
}

/**
 * The mock as the enterprise IdP: an ID-JAG for the subject of an id_token it issued (the draft's §4.3-4.4), signed
 * RS256 with its id_token key, typ oauth-id-jag+jwt; answered as a token exchange response with issued_token_type
 * id-jag and token_type N_A (RFC 8693 §2.2.1: not an access token). The switch idJagFault breaks one thing in it.
 */
export function issueIdJag(ctx: ProviderContext, client: ClientConfig, r: IdJagRequest): Handled {
  const fault = ctx.settings.switches.idJagFault;
  const key = keyRing(ctx.state).key('RSA');
  const kid = fault === 'unknown-kid' ? ctx.state.newSecret(9, 'unknown-') : key.kid;
  const header = { alg: 'RS256', typ: fault === 'wrong-typ' ? 'JWT' : ID_JAG_TYP, kid };
  const claims = claimsOf(ctx, client, r, fault);
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
  const jag = `${input}.${b64url(jwsSign('RS256', key, input))}`;
  const broken = fault === 'off' ? '' : ` Handed out broken by switch idJagFault ${fault}.`;
  return {
    endpoint: SEED.endpoints.oauth2Token.id,
    reply: jsonReply(200, {
      access_token: jag,
      issued_token_type: TOKEN_TYPE.idJag,
      token_type: 'N_A',
      expires_in: Math.max(0, claims.exp - ctx.clock.nowSeconds()),
      scope: r.scope,
    }),
    verdict: ok(
      `ID-JAG issued for ${r.username} to client ${client.id}, audience ${r.audience}${r.resource ? `, resource ${r.resource}` : ''} (token exchange, draft-ietf-oauth-identity-assertion-authz-grant §4.3).${broken}`
    ),
    assumptions: [ASSUME_ID_JAG],
  };
}
