import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { json, REDIRECT, tokenRequest, tokens, type Res } from './helpers';
import { bearer, expectOAuth2Error } from './oauth2-assertions';
import { agentMock, TOKEN_TYPE, userIdToken } from './agent-mock';

/**
 * The identity assertion JWT authorization grant (draft-ietf-oauth-identity-assertion-authz-grant) at the mock, in
 * both roles, over real sockets: as the enterprise IdP it issues an ID-JAG by token exchange (RFC 8693) for an
 * id_token it issued; as the resource's authorization server it redeems one by the JWT bearer grant (RFC 7523),
 * checking typ, iss, the key by kid, aud, client_id, resource and exp. The switch idJagFault hands out an ID-JAG
 * broken in one way, and the redemption refuses it by name. ID-JAGs are read with `jose`, not the mock's code.
 */
const EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

const h = agentMock({
  more: [{ id: 'other-agent', redirectUris: [REDIRECT], tokenEndpointAuthMethod: 'none' }],
  idJag: true,
});

const askIdJag = async (extra: Record<string, string> = {}): Promise<Res> =>
  tokenRequest(h, {
    grant_type: EXCHANGE,
    client_id: 'agent',
    subject_token: await userIdToken(h, 'agent'),
    subject_token_type: TOKEN_TYPE('id_token'),
    requested_token_type: TOKEN_TYPE('id-jag'),
    audience: h.base,
    resource: `${h.base}/api/v2/me`,
    scope: 'read',
    ...extra,
  });

async function idJag(): Promise<string> {
  const r = await askIdJag();
  expect(r.status, r.body).toBe(200);
  return String(json(r.body).access_token);
}

const redeem = (jag: string, clientId = 'agent'): Promise<Res> =>
  tokenRequest(h, { grant_type: JWT_BEARER, client_id: clientId, assertion: jag });

function refusedFor(r: Res, error: string, cause: string): void {
  expectOAuth2Error(r, 400, error, cause);
  expect(h.provider.events.recent(0).at(-1)!.verdict.message).toContain(cause);
}

describe('the mock as the enterprise IdP: an ID-JAG by token exchange', () => {
  it('issues an ID-JAG for its id_token: typ oauth-id-jag+jwt, a published kid, the claims the draft lists', async () => {
    const r = await askIdJag();
    expect(r.status, r.body).toBe(200);
    const body = json(r.body);
    expect(body).toMatchObject({ issued_token_type: TOKEN_TYPE('id-jag'), token_type: 'N_A', scope: 'read' });
    expect(body.refresh_token).toBeUndefined();
    const jag = String(body.access_token);
    const header = decodeProtectedHeader(jag);
    expect(header.typ).toBe('oauth-id-jag+jwt');
    const jwks = json((await h.send({ path: '/oidc/jwks' })).body) as { keys: { kid: string }[] };
    expect(jwks.keys.map((k) => k.kid)).toContain(header.kid);
    const claims = decodeJwt(jag);
    expect(claims).toMatchObject({
      iss: h.base,
      sub: 'demo',
      aud: h.base,
      client_id: 'agent',
      resource: `${h.base}/api/v2/me`,
      scope: 'read',
    });
    expect(typeof claims.jti).toBe('string');
    expect(claims.exp! - claims.iat!).toBeGreaterThan(0);
  });

  it('refuses an ID-JAG for a subject that is not an id_token, without audience, or for an audience it does not serve', async () => {
    const { access_token: access } = await tokens(h);
    refusedFor(
      await askIdJag({ subject_token: String(access), subject_token_type: TOKEN_TYPE('access_token') }),
      'invalid_request',
      'an ID-JAG is issued for an id_token'
    );
    refusedFor(await askIdJag({ audience: '' }), 'invalid_request', 'audience is required for an ID-JAG');
    refusedFor(
      await askIdJag({ audience: 'https://as.elsewhere.example' }),
      'invalid_target',
      'is not served by this provider'
    );
  });

  it('refuses an ID-JAG for an id_token issued to another client than the one asking: invalid_grant, naming both', async () => {
    const others = await userIdToken(h, 'other-agent');
    expect(decodeJwt(others).aud).toBe('other-agent');
    refusedFor(
      await askIdJag({ subject_token: others }),
      'invalid_grant',
      'subject_token is an id_token issued to other-agent (aud), not to agent, the client asking for the ID-JAG'
    );
  });
});

describe('the mock as the resource authorization server: the ID-JAG redeemed (RFC 7523 §2.1)', () => {
  it('a good ID-JAG gets an access token for its sub, and the token works at the resource', async () => {
    const r = await redeem(await idJag());
    expect(r.status, r.body).toBe(200);
    const body = json(r.body);
    expect(body).toMatchObject({ token_type: 'bearer', scope: 'read' });
    expect(h.provider.events.recent(0).at(-1)!.verdict.message).toContain('ID-JAG of');
    const me = await h.send({ path: '/api/v2/me', headers: bearer(String(body.access_token)) });
    expect(json(me.body)).toMatchObject({ username: 'demo', clientId: 'agent' });
  });

  it('an ID-JAG redeemed by another client than its client_id, or twice, is invalid_grant', async () => {
    const jag = await idJag();
    refusedFor(await redeem(jag, 'other-agent'), 'invalid_grant', 'client_id');
    expect((await redeem(jag)).status).toBe(200);
    refusedFor(await redeem(jag), 'invalid_grant', 'replay');
  });

  it('an id_token presented as the assertion is refused for its typ', async () => {
    refusedFor(await redeem(await userIdToken(h)), 'invalid_grant', "typ 'JWT'");
  });

  const faults: [string, (header: Record<string, unknown>, claims: Record<string, unknown>) => void, string][] = [
    ['wrong-typ', (hd) => expect(hd.typ).toBe('JWT'), "typ 'JWT'"],
    ['wrong-aud', (_, c) => expect(c.aud).not.toBe(h.base), 'aud'],
    ['wrong-resource', (_, c) => expect(c.resource).toBe('https://elsewhere.example/api'), 'resource'],
    ['wrong-client-id', (_, c) => expect(c.client_id).toBe('another-client'), 'client_id'],
    ['expired', (_, c) => expect(c.exp as number).toBeLessThan(Date.now() / 1000), 'expired at'],
    ['unknown-kid', (hd) => expect(String(hd.kid)).toMatch(/^unknown-/), 'kid'],
  ];
  for (const [fault, broken, cause] of faults)
    it(`switch idJagFault ${fault}: the ID-JAG handed out broken, its redemption refused by name`, async () => {
      expect((await h.settings({ switches: { idJagFault: fault } })).status).toBe(200);
      const r = await askIdJag();
      expect(r.status, r.body).toBe(200);
      expect(h.provider.events.recent(0).at(-1)!.verdict.message).toContain(`switch idJagFault ${fault}`);
      const jag = String(json(r.body).access_token);
      broken(decodeProtectedHeader(jag) as Record<string, unknown>, decodeJwt(jag) as Record<string, unknown>);
      refusedFor(await redeem(jag), 'invalid_grant', cause);
    });

  it('the switch takes only its values, naming them', async () => {
    const r = await h.settings({ switches: { idJagFault: 'wrong-everything' } });
    expect(r.status).toBe(400);
    expect(r.body).toContain('wrong-typ');
  });
});
