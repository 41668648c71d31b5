import { C, json, REDIRECT, tokenRequest, tokens, type Res } from './helpers';
import { bearer, expectOAuth2Error } from './oauth2-assertions';
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { agentMock, TOKEN_TYPE, userIdToken } from './agent-mock';

/**
 * The token exchange grant at the mock (RFC 8693 §2.1 (https://www.rfc-editor.org/rfc/rfc8693#section-2.1)), over
 * real sockets: a subject token the mock issued (an access token, a refresh token, an id_token) is exchanged for an
 * access token of the same subject; each broken request is refused as §2.2.2 says (invalid_request for the request
 * or a token, invalid_target for an audience or resource it does not serve), naming the cause.
 */
const GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';

const h = agentMock({ more: [{ id: 'code-only', redirectUris: [REDIRECT], grantTypes: ['authorization_code'] }] });
afterEach(async () => {
  await h.admin('POST', '/_mock/clock/reset');
});

const exchange = (params: Record<string, string>): Promise<Res> =>
  tokenRequest(h, { grant_type: GRANT, client_id: 'agent', ...params });

/** The reply is `error` naming the cause (RFC 8693 §2.2.2), and the mock's event says the same. */
function refusedFor(r: Res, error: string, cause: string): void {
  expectOAuth2Error(r, 400, error, cause);
  const last = h.provider.events.recent(0).at(-1)!;
  expect(last.verdict.reason).toBe(error);
  expect(last.verdict.message).toContain(cause);
}

describe('the token exchange grant (RFC 8693 §2.1)', () => {
  it('an access token of the mock is exchanged for a new one of the same subject, issued_token_type said', async () => {
    const { access_token: subject } = await tokens(h);
    const r = await exchange({ subject_token: String(subject), subject_token_type: TOKEN_TYPE('access_token') });
    expect(r.status, r.body).toBe(200);
    const body = json(r.body);
    expect(body).toMatchObject({ issued_token_type: TOKEN_TYPE('access_token'), token_type: 'bearer' });
    expect(body.refresh_token).toBeUndefined();
    expect(body.access_token).not.toBe(subject);
    const me = await h.send({ path: '/api/v2/me', headers: bearer(String(body.access_token)) });
    expect(me.status, me.body).toBe(200);
    expect(json(me.body)).toMatchObject({ username: 'demo', clientId: 'agent' });
  });

  it('an id_token the mock issued is a subject token too, with audience the issuer and a resource it serves', async () => {
    const idToken = await userIdToken(h, 'agent');
    const r = await exchange({
      subject_token: idToken,
      subject_token_type: TOKEN_TYPE('id_token'),
      requested_token_type: TOKEN_TYPE('access_token'),
      audience: h.base,
      resource: `${h.base}/api/v2/me`,
      scope: 'read',
    });
    expect(r.status, r.body).toBe(200);
    expect(json(r.body)).toMatchObject({ issued_token_type: TOKEN_TYPE('access_token'), scope: 'read' });
    expect(h.provider.events.recent(0).at(-1)!.verdict.message).toContain('Token exchange');
  });

  it("another client's id_token as subject_token is refused (invalid_request, §2.2.2), naming both clients", async () => {
    const others = await userIdToken(h);
    expect(decodeJwt(others).aud).toBe(C.client.id);
    refusedFor(
      await exchange({
        subject_token: others,
        subject_token_type: TOKEN_TYPE('id_token'),
        requested_token_type: TOKEN_TYPE('access_token'),
      }),
      'invalid_request',
      `subject_token is an id_token issued to ${C.client.id} (aud), not to agent, the client asking for the exchange`
    );
  });

  it('a missing subject_token or subject_token_type is invalid_request naming the parameter', async () => {
    refusedFor(
      await exchange({ subject_token_type: TOKEN_TYPE('access_token') }),
      'invalid_request',
      'subject_token is missing'
    );
    refusedFor(await exchange({ subject_token: 'x' }), 'invalid_request', 'subject_token_type is missing');
  });

  it('an unknown subject_token_type is invalid_request naming the types the mock takes', async () => {
    refusedFor(
      await exchange({ subject_token: 'x', subject_token_type: 'urn:example:passport' }),
      'invalid_request',
      'is not one this provider takes; it takes urn:ietf:params:oauth:token-type:access_token'
    );
  });

  it('a subject token of another type than subject_token_type says is refused, naming what it is', async () => {
    const { id_token: idToken, access_token: access } = await tokens(h, { scope: 'openid' });
    refusedFor(
      await exchange({ subject_token: String(idToken), subject_token_type: TOKEN_TYPE('access_token') }),
      'invalid_request',
      'is an id_token of this provider, but subject_token_type says urn:ietf:params:oauth:token-type:access_token'
    );
    refusedFor(
      await exchange({ subject_token: String(access), subject_token_type: TOKEN_TYPE('id_token') }),
      'invalid_request',
      'is an access token of this provider, but subject_token_type says urn:ietf:params:oauth:token-type:id_token'
    );
  });

  it('an unknown or expired subject token is invalid_request (§2.2.2)', async () => {
    refusedFor(
      await exchange({ subject_token: 'b-unknown', subject_token_type: TOKEN_TYPE('access_token') }),
      'invalid_request',
      'not an access token this provider issued'
    );
    const { access_token: access } = await tokens(h);
    await h.admin('POST', '/_mock/clock/advance', { seconds: 7200 });
    refusedFor(
      await exchange({ subject_token: String(access), subject_token_type: TOKEN_TYPE('access_token') }),
      'invalid_request',
      'subject_token expired at'
    );
  });

  it('an audience or resource the mock does not serve is invalid_target (§2.2.2)', async () => {
    const { access_token: access } = await tokens(h);
    const subject = { subject_token: String(access), subject_token_type: TOKEN_TYPE('access_token') };
    refusedFor(
      await exchange({ ...subject, audience: 'https://elsewhere.example' }),
      'invalid_target',
      `is not served by this provider; it serves ${h.base} (`
    );
    refusedFor(
      await exchange({ ...subject, resource: 'https://elsewhere.example/api' }),
      'invalid_target',
      `is not served by this provider; it serves ${h.base}/api/v2/me, ${h.base}/mcp`
    );
  });

  it('an actor token needs its type, and an unsupported requested_token_type is refused', async () => {
    const { access_token: access } = await tokens(h);
    const subject = { subject_token: String(access), subject_token_type: TOKEN_TYPE('access_token') };
    refusedFor(
      await exchange({ ...subject, actor_token: String(access) }),
      'invalid_request',
      'actor_token_type is missing'
    );
    refusedFor(
      await exchange({ ...subject, requested_token_type: TOKEN_TYPE('saml2') }),
      'invalid_request',
      'is not one this provider issues; it issues urn:ietf:params:oauth:token-type:access_token, urn:ietf:params:oauth:token-type:id-jag'
    );
    const acted = await exchange({
      ...subject,
      actor_token: String(access),
      actor_token_type: TOKEN_TYPE('access_token'),
    });
    expect(acted.status, acted.body).toBe(200);
  });

  it('a client not allowed the grant is unauthorized_client; discovery offers it (RFC 8414 §2)', async () => {
    const r = await tokenRequest(h, {
      grant_type: GRANT,
      client_id: 'code-only',
      subject_token: 'x',
      subject_token_type: TOKEN_TYPE('access_token'),
    });
    expectOAuth2Error(r, 400, 'unauthorized_client', `may not use the ${GRANT} grant`);
    const doc = json((await h.send({ path: '/.well-known/openid-configuration' })).body);
    expect(doc.grant_types_supported).toContain(GRANT);
  });
});
