import type { Exchange, RawRequest } from '../../../http';
import { check } from '../../../check';
import { idJagChecks } from '../../../oauth2/id-jag';
import { issuedTokenTypeChecks, TOKEN_EXCHANGE_GRANT, TOKEN_TYPE } from '../../../oauth2/token-exchange';
import type { ClientAuthentication } from '../../../oauth2/token-request';
import type { TokenSet } from '../../../oauth2/token-response';
import { interpretMachineToken, machineTokenRequest, type MachineClient } from '../../client-credentials-flow';
import type { Interpretation, LegStatus } from '../../common';
import { buildBearerRequest, interpretBearerResponse } from '../../oauth2-flow';
import type { Grant } from '../grant';

const DRAFT = 'draft-ietf-oauth-identity-assertion-authz-grant';
const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** The client at the enterprise IdP: its token endpoint, and Basic or no client authentication (RFC 6749 §2.3.1). */
export interface IdpClient {
  readonly tokenUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly authentication: Extract<ClientAuthentication, 'basic' | 'body' | 'none'>;
}

/** The client at the resource's authorization server (MachineClient), and what it asks the IdP for. */
export interface IdJagConfig extends MachineClient {
  readonly idp: IdpClient;
  /** The id_token the IdP issued at the user's single sign-on: the token exchange's subject_token. */
  readonly idToken: string;
  /** The resource's authorization server's issuer: the ID-JAG's audience. */
  readonly audience: string;
  /** The resource (RFC 8707), when the IdP is to name it in the ID-JAG. */
  readonly resource: string | null;
  readonly scope: string | null;
}

export type IdJagLeg = 'exchange' | 'token' | 'api';

export interface IdJagState {
  readonly config: IdJagConfig;
  readonly idJag: string | null;
  readonly token: TokenSet | null;
  readonly legs: Readonly<Record<IdJagLeg, LegStatus>>;
}

/** The token exchange at the IdP (the draft's §4.3, RFC 8693 §2.1): the id_token for an ID-JAG for the audience. */
function buildExchange(s: IdJagState): RawRequest {
  const c = s.config;
  return machineTokenRequest(
    { ...c, ...c.idp },
    {
      type: 'extension',
      grantType: TOKEN_EXCHANGE_GRANT,
      scope: c.scope,
      params: [
        ['requested_token_type', TOKEN_TYPE.idJag],
        ['audience', c.audience],
        ...(c.resource ? [['resource', c.resource] as const] : []),
        ['subject_token', c.idToken],
        ['subject_token_type', TOKEN_TYPE.idToken],
      ],
    }
  );
}

/** The IdP's answer: an ID-JAG (issued_token_type id-jag, §2.2.1), checked before it is redeemed (typ, aud). */
function interpretExchange(s: IdJagState, exchange: Exchange, now: number): Interpretation<IdJagState> {
  const r = interpretMachineToken(exchange, now, 'extension');
  if (!r.token)
    return {
      ok: false,
      checks: r.checks,
      summary: r.summary,
      state: { ...s, legs: { ...s.legs, exchange: 'failed' } },
    };
  const issued = r.token.fields.issued_token_type;
  const checks = [
    ...r.checks,
    ...issuedTokenTypeChecks(r.token.fields, null),
    check(
      'id-jag',
      issued === TOKEN_TYPE.idJag,
      `An ID-JAG was issued (${DRAFT} §4.3.2).`,
      `issued_token_type is ${String(issued)}, not ${TOKEN_TYPE.idJag}: the IdP did not issue an ID-JAG (${DRAFT} §4.3.2).`
    ),
    ...idJagChecks(r.token.accessToken, { audience: s.config.audience }),
  ];
  const ok = checks.every((c) => c.ok);
  const wrong = checks.filter((c) => !c.ok && c.kind !== 'consequence').map((c) => c.name);
  return {
    ok,
    checks,
    summary: ok
      ? `ID-JAG received for ${s.config.audience}${r.token.expiresIn !== null ? `, valid for ${r.token.expiresIn} s` : ''}.`
      : `The ID-JAG received is not one to redeem (${wrong.join(', ')}): not sent to ${s.config.audience}.`,
    state: {
      ...s,
      idJag: r.token.accessToken,
      legs: { ...s.legs, exchange: ok ? 'succeeded' : 'failed', token: ok ? 'ready' : 'not_started' },
    },
  };
}

/** The redemption at the resource's authorization server: the ID-JAG as a JWT bearer assertion (RFC 7523 §2.1). */
function buildRedemption(s: IdJagState): RawRequest {
  return machineTokenRequest(s.config, {
    type: 'extension',
    grantType: JWT_BEARER_GRANT,
    scope: s.config.scope,
    params: [['assertion', s.idJag ?? '']],
  });
}

function interpretRedemption(s: IdJagState, exchange: Exchange, now: number): Interpretation<IdJagState> {
  const r = interpretMachineToken(exchange, now, 'extension');
  const ok = !!r.token && r.checks.every((c) => c.ok);
  return {
    ok,
    checks: r.checks,
    summary: r.summary,
    state: r.token
      ? { ...s, token: r.token, legs: { ...s.legs, token: ok ? 'succeeded' : 'failed', api: 'ready' } }
      : { ...s, legs: { ...s.legs, token: 'failed' } },
  };
}

/**
 * The identity assertion JWT authorization grant (ID-JAG, the draft's §4): the exchange at the enterprise IdP of
 * the user's id_token for an ID-JAG (RFC 8693), then its redemption at the resource's authorization server by the
 * JWT bearer grant (RFC 7523), then the bearer call for the user to send. The MCP client runs the same legs.
 */
export const idJagGrant: Grant<IdJagState, IdJagConfig, IdJagLeg> = {
  name: 'ID-JAG',
  flow: 'oauth2',
  start: (config) => ({
    config,
    idJag: null,
    token: null,
    legs: { exchange: 'ready', token: 'not_started', api: 'not_started' },
  }),
  first: 'exchange',
  next: (leg) => (leg === 'exchange' ? 'token' : null),
  tokensObtained: (before, after) =>
    after.token && after.token !== before.token ? { kind: 'oauth2', token: after.token } : null,
  legs: {
    exchange: {
      kind: 'send',
      title: () => `Token exchange at the IdP for an ID-JAG (RFC 8693 §2.1, ${DRAFT} §4.3)`,
      build: buildExchange,
      interpret: interpretExchange,
    },
    token: {
      kind: 'send',
      title: () => `Redeem the ID-JAG at the authorization server (JWT bearer, RFC 7523 §2.1, ${DRAFT} §4.4)`,
      build: buildRedemption,
      interpret: interpretRedemption,
    },
    api: {
      kind: 'send',
      title: () => 'Call the API with the access token (Bearer)',
      build: (s) => buildBearerRequest(s, { method: 'GET', path: s.config.apiPath }),
      interpret: interpretBearerResponse,
    },
  },
};
