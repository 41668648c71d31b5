import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRequest, type OAuth2Source } from '../../host/export';
import { DEFAULT_CREDENTIALS, type ProviderEvent } from '../../mock-provider';
import { findPython, run, scratch, startMockSession, type MockSession } from '../unit/host/export/mock-session';

/**
 * Exports of a token got by client credentials (RFC 6749 §4.4 (https://www.rfc-editor.org/rfc/rfc6749#section-4.4)) against the embedded mock: the code calls with the
 * token, and once the mock's clock has moved past its expiry it asks for a new one with the client's credentials
 * (there is no refresh token, §4.4.3) and gets 200 again; the .http file's token request gets a token as written.
 */
let session: MockSession;
let files: ReturnType<typeof scratch>;
const tokenBodies: string[] = [];
const python = findPython();
const client = DEFAULT_CREDENTIALS.client;

beforeAll(async () => {
  session = await startMockSession();
  files = scratch();
  session.mock.subscribe((e: ProviderEvent) => {
    if (e.exchange.request.url.endsWith('/oauth/v2/token')) tokenBodies.push(e.exchange.request.body ?? '');
  });
}, 20_000);
afterAll(async () => {
  await session.stop();
  files.remove();
});

async function clientCredentialsToken(): Promise<string> {
  const res = await fetch(`${session.base}/oauth/v2/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      scope: 'read',
      client_id: client.id,
      client_secret: client.secret,
    }),
  });
  const json = (await res.json()) as { access_token?: string; refresh_token?: string };
  expect(res.status, JSON.stringify(json)).toBe(200);
  expect(json.refresh_token).toBeUndefined();
  return json.access_token!;
}

const source = async (clientAuthentication: 'body' | 'basic'): Promise<OAuth2Source> => ({
  kind: 'oauth2',
  grant: 'client_credentials',
  request: {
    method: 'GET',
    url: `${session.base}/api/v2/me`,
    headers: [['Authorization', `Bearer ${await clientCredentialsToken()}`]],
  },
  tokenUrl: `${session.base}/oauth/v2/token`,
  clientId: client.id,
  clientSecret: client.secret,
  clientAuthentication,
  scope: 'read',
  resources: [`${session.base}/api/v2`],
  audience: 'https://api.example.com',
});
const expire = async () =>
  expect(
    (
      await fetch(`${session.base}/_mock/clock/advance`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ seconds: 3601 }),
      })
    ).status
  ).toBe(200);

/** Runs the exported file; expires the token; runs it again: it asks for a new token by client credentials. */
async function runTwice(file: string, runtime: string, label: string): Promise<void> {
  const first = await run(runtime, [file]);
  expect(first.code, `${label}: ${first.stdout}\n${first.stderr}`).toBe(0);
  expect(first.stdout.split('\n')[0]).toBe('200');
  await expire();
  tokenBodies.length = 0;
  const renewed = await run(runtime, [file]);
  expect(renewed.code, `${label}: ${renewed.stdout}\n${renewed.stderr}`).toBe(0);
  expect(renewed.stdout.split('\n')[0]).toBe('200');
  expect(tokenBodies).toHaveLength(1);
  const asked = new URLSearchParams(tokenBodies[0]);
  expect(asked.get('grant_type')).toBe('client_credentials');
  expect(asked.get('scope')).toBe('read');
  expect(asked.getAll('resource')).toEqual([`${session.base}/api/v2`]);
  expect(asked.get('audience')).toBe('https://api.example.com');
}

describe('client credentials exports run against the mock', () => {
  it(
    'Node fetch: 200, and after the token expired it asks again (form fields, then HTTP Basic) and gives 200',
    { timeout: 30_000 },
    async () => {
      for (const auth of ['body', 'basic'] as const) {
        const result = exportRequest({ target: 'node-oauth2', source: await source(auth), includeSecrets: true });
        expect(result.text).not.toContain('refresh_token');
        await runTwice(files.write(`cc-${auth}.mjs`, result.text), process.execPath, auth);
      }
    }
  );
  it.skipIf(!python)(
    'Python requests: 200, and after the token expired it asks again (form fields, then HTTP Basic) and gives 200',
    { timeout: 30_000 },
    async () => {
      for (const auth of ['body', 'basic'] as const) {
        const result = exportRequest({ target: 'python-oauth2', source: await source(auth), includeSecrets: true });
        await runTwice(files.write(`cc-${auth}.py`, result.text), python!, auth);
      }
    }
  );
  it('without secrets the access token and client secret are placeholders; there is no refresh token to leave out', async () => {
    const s = await source('body');
    for (const target of ['node-oauth2', 'python-oauth2'])
      expect(exportRequest({ target, source: s }).placeholders).toEqual(['YOUR_ACCESS_TOKEN', 'YOUR_CLIENT_SECRET']);
    expect(exportRequest({ target: 'postman', source: s }).placeholders).toEqual([
      '{{access_token}}',
      '{{client_secret}}',
    ]);
  });
  it('the .http file asks for a token by client credentials with the request it writes, and the mock gives one', async () => {
    const text = exportRequest({ target: 'http-file', source: await source('body'), includeSecrets: true }).text;
    const block = text.split('### A new access token by client credentials')[1]!;
    const vars = Object.fromEntries([...text.matchAll(/^@(\w+) = (.*)$/gm)].map((m) => [m[1], m[2]]));
    const fill = (s: string) => s.replace(/\{\{(\w+)\}\}/g, (_, n: string) => vars[n] ?? `{{${n}}}`);
    const [head, body] = block.split('\n\n') as [string, string];
    const [requestLine, ...headers] = head.split('\n').slice(1);
    const [method, url] = fill(requestLine!).split(' ');
    const res = await fetch(url!, {
      method,
      headers: headers.map((h) => h.split(': ') as [string, string]),
      body: fill(body.trim()),
    });
    const json = (await res.json()) as { access_token?: string };
    expect(res.status, JSON.stringify(json)).toBe(200);
    expect(json.access_token).toEqual(expect.any(String));
  });
  it('Postman runs the client credentials grant with the audience and resource as extra token parameters', async () => {
    const s = await source('basic');
    const collection = JSON.parse(exportRequest({ target: 'postman', source: s, includeSecrets: true }).text) as {
      item: { request: { auth: { oauth2: { key: string; value: unknown }[] } } }[];
    };
    const fields = Object.fromEntries(collection.item[0]!.request.auth.oauth2.map((f) => [f.key, f.value]));
    expect(fields).toMatchObject({
      grant_type: 'client_credentials',
      accessTokenUrl: s.tokenUrl,
      clientId: client.id,
      clientSecret: client.secret,
      client_authentication: 'header',
      scope: 'read',
      tokenRequestParams: [
        { key: 'resource', value: `${session.base}/api/v2`, enabled: true, send_as: 'request_body' },
        { key: 'audience', value: 'https://api.example.com', enabled: true, send_as: 'request_body' },
      ],
    });
    expect(fields).not.toHaveProperty('authUrl');
    expect(fields).not.toHaveProperty('redirect_uri');
  });
  it('refuses a public client for client credentials, naming the grant', () => {
    expect(() =>
      exportRequest({
        target: 'node-oauth2',
        source: {
          kind: 'oauth2',
          grant: 'client_credentials',
          request: { method: 'GET', url: 'http://127.0.0.1:9/x', headers: [['Authorization', 'Bearer t']] },
          tokenUrl: 'http://127.0.0.1:9/token',
          clientId: 'c',
          clientAuthentication: 'none',
        },
      })
    ).toThrow(/client credentials grant needs a client that authenticates \(RFC 6749 §4\.4\)/);
  });
});
