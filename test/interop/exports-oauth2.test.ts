import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRequest } from '../../host/export';
import { DEFAULT_CREDENTIALS } from '../../mock-provider';
import { oauth2Flow } from '../../shared/flows';
import type { OAuth2State } from '../../shared/flows/oauth2-flow';
import type { OAuth2Source } from '../../host/export';
import {
  CALLBACK,
  findPython,
  run,
  scratch,
  startMockSession,
  type MockSession,
} from '../unit/host/export/mock-session';

/**
 * OAuth 2 exports against the embedded mock: the bearer snapshot gives 200 while the token lives; the code that
 * refreshes (Python requests, Node fetch) still gives 200 after the mock's clock has moved past the token's
 * expiry, because it refreshes on 401 (RFC 6749 §6 (https://www.rfc-editor.org/rfc/rfc6749#section-6)) and retries. Its own mock, since the clock moves here.
 */
let session: MockSession;
let files: ReturnType<typeof scratch>;
const python = findPython();
const client = DEFAULT_CREDENTIALS.client;

beforeAll(async () => {
  session = await startMockSession();
  files = scratch();
}, 20_000);
afterAll(async () => {
  await session.stop();
  files.remove();
});

const source = (s: OAuth2State, clientAuthentication: 'body' | 'basic' = 'body'): OAuth2Source => ({
  kind: 'oauth2',
  request: oauth2Flow.buildBearerRequest(s, { method: 'GET', path: '/api/v2/me' }),
  refreshToken: s.token!.refreshToken,
  tokenUrl: `${session.base}/oauth/v2/token`,
  authorizeUrl: `${session.base}/oauth/v2/authorize`,
  redirectUri: CALLBACK,
  clientId: client.id,
  clientSecret: client.secret,
  clientAuthentication,
  scope: 'read',
  pkce: 'S256',
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

describe('OAuth 2 exports run against the mock', () => {
  it(
    'the curl snapshot of GET /api/v2/me gives 200 with the bearer token, and 401 once it has expired',
    { timeout: 30_000 },
    async () => {
      const s = await session.oauth2Tokens();
      const result = exportRequest({ target: 'curl', source: source(s), includeSecrets: true });
      expect(result.text).not.toMatch(/Single use/);
      expect(result.text).toContain(`Authorization: Bearer ${s.token!.accessToken}`);
      expect(exportRequest({ target: 'curl', source: source(s) }).text).toContain(
        'Authorization: Bearer YOUR_ACCESS_TOKEN'
      );
      const file = files.write('bearer.sh', `${result.text} --silent --show-error --write-out '\\n%{http_code}'\n`);
      expect((await run('sh', [file])).stdout.split('\n').pop()).toBe('200');
      await expire();
      expect((await run('sh', [file])).stdout.split('\n').pop()).toBe('401');
    }
  );
  it.skipIf(!python)(
    'Python requests: 200, and after the token expired it refreshes and gives 200 again',
    { timeout: 30_000 },
    async () => {
      const result = exportRequest({
        target: 'python-oauth2',
        source: source(await session.oauth2Tokens()),
        includeSecrets: true,
      });
      const file = files.write('bearer.py', result.text);
      const first = await run(python!, [file]);
      expect(first.code, `${first.stdout}\n${first.stderr}`).toBe(0);
      expect(first.stdout.split('\n')[0]).toBe('200');
      await expire();
      const refreshed = await run(python!, [file]);
      expect(refreshed.code, `${refreshed.stdout}\n${refreshed.stderr}`).toBe(0);
      expect(refreshed.stdout.split('\n')[0]).toBe('200');
    }
  );
  it(
    'Node fetch: 200, and after the token expired it refreshes (form fields, then HTTP Basic) and gives 200 again',
    { timeout: 30_000 },
    async () => {
      for (const auth of ['body', 'basic'] as const) {
        const file = files.write(
          `bearer-${auth}.mjs`,
          exportRequest({
            target: 'node-oauth2',
            source: source(await session.oauth2Tokens(), auth),
            includeSecrets: true,
          }).text
        );
        const first = await run(process.execPath, [file]);
        expect(first.code, `${auth}: ${first.stdout}\n${first.stderr}`).toBe(0);
        await expire();
        const refreshed = await run(process.execPath, [file]);
        expect(refreshed.code, `${auth}: ${refreshed.stdout}\n${refreshed.stderr}`).toBe(0);
        expect(refreshed.stdout.split('\n')[0]).toBe('200');
      }
    }
  );
  it(
    'without secrets the access token, refresh token and client secret are placeholders; filled in, the code refreshes',
    { timeout: 30_000 },
    async () => {
      const s = await session.oauth2Tokens();
      const result = exportRequest({ target: 'node-oauth2', source: source(s) });
      expect(result.placeholders).toEqual(['YOUR_ACCESS_TOKEN', 'YOUR_REFRESH_TOKEN', 'YOUR_CLIENT_SECRET']);
      expect(result.text).not.toContain(s.token!.accessToken);
      expect(result.text).not.toContain(s.token!.refreshToken!);
      expect(result.text).not.toContain(client.secret);
      await expire();
      const filled = result.text
        .replace('YOUR_ACCESS_TOKEN', s.token!.accessToken)
        .replace('YOUR_REFRESH_TOKEN', s.token!.refreshToken!)
        .replace('YOUR_CLIENT_SECRET', client.secret);
      const r = await run(process.execPath, [files.write('filled.mjs', filled)]);
      expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
    }
  );
});
