import { afterAll, beforeAll, expect, it } from 'vitest';
import { exportHar, type Har, type RecordedExchange } from '../../../../host/export';
import { send as transportSend } from '../../../../platform/node/transport';
import { DEFAULT_CREDENTIALS } from '../../../../mock-provider';
import { formEncode } from '../../../../shared/url-encoded';
import { startMockSession, type MockSession } from './mock-session';

/**
 * The HAR "without secrets" hides what the one list of secrets (shared/secrets.ts) names, not only
 * the client secret and the tokens: the PKCE verifier and the device code of real exchanges with the mock, and a
 * DPoP-bound call, a client assertion and a jwt-bearer assertion as a history records them.
 */
let session: MockSession;
let deviceCode = '';
const FORM = ['Content-Type', 'application/x-www-form-urlencoded'] as const;
beforeAll(async () => {
  session = await startMockSession();
  await session.oauth2Tokens();
  const client = DEFAULT_CREDENTIALS.client;
  const device = await transportSend({
    method: 'POST',
    url: `${session.base}/oidc/device_authorization`,
    headers: [[...FORM]],
    body: formEncode([
      ['client_id', client.id],
      ['client_secret', client.secret],
      ['scope', 'read'],
    ]),
  });
  deviceCode = (JSON.parse(device.response.bodyText) as { device_code: string }).device_code;
  const poll = await transportSend({
    method: 'POST',
    url: `${session.base}/oauth/v2/token`,
    headers: [[...FORM]],
    body: formEncode([
      ['grant_type', 'urn:ietf:params:oauth:grant-type:device_code'],
      ['device_code', deviceCode],
      ['client_id', client.id],
      ['client_secret', client.secret],
    ]),
  });
  session.exchanges.push(device, poll);
}, 20_000);
afterAll(() => session.stop());

function recorded(request: RecordedExchange['request']): RecordedExchange {
  return {
    request,
    response: { status: 200, statusText: 'OK', headers: [], bodyText: '', bodySize: 0 },
    timings: { connect: null, tls: null, firstByte: 1, total: 1 },
    startedAt: 0,
  };
}

const jwt = (claims: object) =>
  `eyJhbGciOiJFUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2lnbmF0dXJl`;

it('without secrets: code_verifier, device_code, Authorization: DPoP, the DPoP proof and both assertions are placeholders', () => {
  const verifier = new URLSearchParams(
    session.exchanges.find((e) => e.request.body?.includes('code_verifier='))!.request.body
  ).get('code_verifier')!;
  expect(verifier.length).toBeGreaterThanOrEqual(43);
  expect(deviceCode.length).toBeGreaterThan(8);
  const dpopToken = 'dpop-bound-access-token-value';
  const proof = jwt({ htm: 'GET', htu: `${session.base}/api/v1/me`, jti: 'proof-jti-value' });
  const clientAssertion = jwt({ iss: 'app', sub: 'app', jti: 'client-assertion-jti' });
  const grantAssertion = jwt({ iss: 'svc', sub: 'user', jti: 'jwt-bearer-jti' });
  const entries = [
    ...session.exchanges,
    recorded({
      method: 'GET',
      url: `${session.base}/api/v1/me`,
      headers: [
        ['Authorization', `DPoP ${dpopToken}`],
        ['DPoP', proof],
      ],
    }),
    recorded({
      method: 'POST',
      url: `${session.base}/oauth/v2/token`,
      headers: [[...FORM]],
      body: formEncode([
        ['grant_type', 'urn:ietf:params:oauth:grant-type:jwt-bearer'],
        ['assertion', grantAssertion],
        ['client_assertion_type', 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer'],
        ['client_assertion', clientAssertion],
      ]),
    }),
  ];
  const out = exportHar({ entries });
  for (const [shape, value] of Object.entries({
    verifier,
    deviceCode,
    dpopToken,
    proof,
    clientAssertion,
    grantAssertion,
  }))
    expect(out.text, shape).not.toContain(value);
  const har = JSON.parse(out.text) as Har;
  expect(har.log.entries.at(-2)!.request.headers).toEqual(
    expect.arrayContaining([
      // History's HAR tags each value's placeholder (host/export/secret-tags.ts).
      { name: 'Authorization', value: expect.stringMatching(/^DPoP YOUR_ACCESS_TOKEN_[0-9a-f]{12}$/) },
      { name: 'DPoP', value: expect.stringMatching(/^YOUR_DPOP_PROOF_[0-9a-f]{12}$/) },
    ])
  );
  for (const placeholder of ['YOUR_CODE_VERIFIER', 'YOUR_DEVICE_CODE', 'YOUR_CLIENT_ASSERTION', 'YOUR_ASSERTION'])
    expect(out.placeholders).toContainEqual(expect.stringMatching(new RegExp(`^${placeholder}_[0-9a-f]{12}$`)));
  const all = exportHar({ entries, includeSecrets: true }).text;
  for (const value of [verifier, deviceCode, dpopToken, proof, clientAssertion, grantAssertion])
    expect(all).toContain(value);
});
