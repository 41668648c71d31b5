import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS, MockProvider, parseConfig } from '../../../../mock-provider';
import { causeIds, HarRecorder } from './explain-recorder';

/**
 * `oauth-lab explain` on the agent grants' refusals: a token exchange (RFC 8693) with the wrong subject_token_type
 * or an audience the server does not serve, and an ID-JAG's redemption (RFC 7523) with the wrong typ, an expired
 * assertion or another audience. The mock refuses over real sockets (its idJagFault switch breaks the ID-JAG); the
 * exchanges are recorded and exported as the app's HAR.
 */
const EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const TYPE = (t: string) => `urn:ietf:params:oauth:token-type:${t}`;
const { client } = DEFAULT_CREDENTIALS;
let mock: MockProvider;
beforeAll(async () => {
  const config = parseConfig({
    oauth2: {
      clients: [client, { id: 'agent', redirectUris: client.redirectUris, tokenEndpointAuthMethod: 'none' }],
    },
  });
  mock = new MockProvider({ config, autoLoginUser: 'demo' });
  await mock.start({ port: 0 });
});
afterAll(() => mock.stop());
afterEach(() => {
  mock.context.settings.switches.idJagFault = 'off';
});

const token = () => `${mock.baseUrl}/oauth/v2/token`;

/** A PKCE verifier and its S256 challenge (RFC 7636 §4.2): the public client `agent` needs them. */
const VERIFIER = 'explain-agent-grants-pkce-code-verifier-value';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

/**
 * The user's tokens by a code flow (auto-login) for `clientId` (the default client, or the public `agent` with no
 * secret), recorded too: the file shows where each token came from.
 */
async function userTokens(
  rec: HarRecorder,
  clientId: string = client.id
): Promise<{ access_token: string; id_token: string }> {
  const authorize = await rec.get(
    `${mock.baseUrl}/oauth/v2/authorize?${new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: client.redirectUris[0]!,
      scope: 'openid read',
      state: 'state-1',
      code_challenge: CHALLENGE,
      code_challenge_method: 'S256',
    })}`
  );
  const code = new URL(authorize.response.headers.find(([n]) => n.toLowerCase() === 'location')![1]).searchParams.get(
    'code'
  )!;
  const r = await rec.post(token(), {
    grant_type: 'authorization_code',
    code,
    redirect_uri: client.redirectUris[0],
    client_id: clientId,
    code_verifier: VERIFIER,
    ...(clientId === client.id ? { client_secret: client.secret } : {}),
  });
  expect(r.response.status, r.response.bodyText).toBe(200);
  return JSON.parse(r.response.bodyText) as { access_token: string; id_token: string };
}

const exchange = (rec: HarRecorder, fields: Record<string, string>) =>
  rec.post(token(), { grant_type: EXCHANGE, client_id: 'agent', ...fields });

async function idJag(rec: HarRecorder): Promise<string> {
  // The id_token of the client that asks for the ID-JAG: the IdP issues one only for its own (draft §4.3).
  const { id_token: idToken } = await userTokens(rec, 'agent');
  const r = await exchange(rec, {
    subject_token: idToken,
    subject_token_type: TYPE('id_token'),
    requested_token_type: TYPE('id-jag'),
    audience: mock.baseUrl,
  });
  expect(r.response.status, r.response.bodyText).toBe(200);
  return (JSON.parse(r.response.bodyText) as { access_token: string }).access_token;
}

const redeem = (rec: HarRecorder, jag: string) =>
  rec.post(token(), { grant_type: JWT_BEARER, client_id: 'agent', assertion: jag });

/** The index of the one failed leg. */
const failed = (e: Awaited<ReturnType<HarRecorder['explain']>>) => e.legs.findIndex((l) => !l.ok);

describe('oauth-lab explain: the token exchange (RFC 8693)', () => {
  it('subject_token_type_wrong: an access token the file shows issued, sent as an id_token', async () => {
    const rec = new HarRecorder();
    const { access_token: access } = await userTokens(rec);
    expect((await exchange(rec, { subject_token: access, subject_token_type: TYPE('id_token') })).response.status).toBe(
      400
    );
    const e = await rec.explain();
    const leg = failed(e);
    expect(e.legs[leg]!.kind).toBe('grant');
    expect(causeIds(e, leg)[0]).toBe('subject_token_type_wrong');
    const cause = e.causes.find((c) => c.leg === leg)!;
    expect(cause.rfc).toBe('RFC 8693 §2.1');
    expect(cause.evidence).toContain(`subject_token_type ${TYPE('id_token')}`);
    expect(cause.evidence).toContain('the access_token of entry 1');
  });

  it('subject_token_type_wrong: a type no RFC 8693 §3 names', async () => {
    const rec = new HarRecorder();
    const { id_token: idToken } = await userTokens(rec);
    await exchange(rec, { subject_token: idToken, subject_token_type: 'urn:example:passport' });
    const e = await rec.explain();
    expect(causeIds(e, failed(e))[0]).toBe('subject_token_type_wrong');
  });

  it('audience_mismatch: an audience the server does not serve (invalid_target, §2.2.2)', async () => {
    const rec = new HarRecorder();
    const { access_token: access } = await userTokens(rec);
    await exchange(rec, {
      subject_token: access,
      subject_token_type: TYPE('access_token'),
      audience: 'https://elsewhere.example',
    });
    const e = await rec.explain();
    const leg = failed(e);
    expect(causeIds(e, leg)[0]).toBe('audience_mismatch');
    expect(e.causes.find((c) => c.leg === leg)!.evidence).toContain('audience "https://elsewhere.example"');
  });
});

describe('oauth-lab explain: the ID-JAG asked for (draft-ietf-oauth-identity-assertion-authz-grant §4.3)', () => {
  it("subject_token_for_another_client: another client's id_token, refused by the IdP (invalid_grant)", async () => {
    const rec = new HarRecorder();
    const { id_token: others } = await userTokens(rec);
    const r = await exchange(rec, {
      subject_token: others,
      subject_token_type: TYPE('id_token'),
      requested_token_type: TYPE('id-jag'),
      audience: mock.baseUrl,
    });
    expect(r.response.status).toBe(400);
    expect(r.response.bodyText).toContain('invalid_grant');
    const e = await rec.explain();
    const leg = failed(e);
    expect(causeIds(e, leg)[0]).toBe('subject_token_for_another_client');
    const cause = e.causes.find((c) => c.leg === leg)!;
    expect(cause.rfc).toBe('draft-ietf-oauth-identity-assertion-authz-grant §4.3');
    expect(cause.evidence).toContain(
      `the subject_token of entry 2 is an id_token issued to "${client.id}" (aud), not to "agent", the client asking for the ID-JAG`
    );
    expect(cause.evidence).toContain('the id_token of entry 1');
  });
});

describe('oauth-lab explain: the ID-JAG redeemed (RFC 7523, draft-ietf-oauth-identity-assertion-authz-grant)', () => {
  it('id_jag_typ_wrong: the ID-JAG the file shows issued has typ JWT', async () => {
    mock.context.settings.switches.idJagFault = 'wrong-typ';
    const rec = new HarRecorder();
    expect((await redeem(rec, await idJag(rec))).response.status).toBe(400);
    const e = await rec.explain();
    const leg = failed(e);
    expect(causeIds(e, leg)[0]).toBe('id_jag_typ_wrong');
    const cause = e.causes.find((c) => c.leg === leg)!;
    expect(cause.evidence).toContain(
      'the ID-JAG entry 2 issued (issued_token_type urn:ietf:params:oauth:token-type:id-jag) has typ "JWT"'
    );
  });

  it('assertion_expired: the ID-JAG expired before it was sent', async () => {
    mock.context.settings.switches.idJagFault = 'expired';
    const rec = new HarRecorder();
    await redeem(rec, await idJag(rec));
    const e = await rec.explain();
    const leg = failed(e);
    expect(causeIds(e, leg)[0]).toBe('assertion_expired');
    expect(e.causes.find((c) => c.leg === leg)!.rfc).toBe('RFC 7523 §3');
  });

  it('audience_mismatch: the ID-JAG names another authorization server', async () => {
    mock.context.settings.switches.idJagFault = 'wrong-aud';
    const rec = new HarRecorder();
    await redeem(rec, await idJag(rec));
    const e = await rec.explain();
    const leg = failed(e);
    expect(causeIds(e, leg)[0]).toBe('audience_mismatch');
    expect(e.causes.find((c) => c.leg === leg)!.evidence).toContain('aud "https://as.elsewhere.example"');
  });
});
