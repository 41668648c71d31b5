import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPython } from '../unit/host/export/mock-session';
import { hasRuntime } from '../support/system-runtimes';
import { spawnMock } from '../support/spawn-mock';

/**
 * Interop: Python requests-oauthlib (Debian package python3-requests-oauthlib), a client nobody here wrote, runs
 * both flows against `oauth-lab mock --port 0 --auto-login demo`, spawned here and killed afterwards.
 */
const SCRIPT = join(__dirname, 'requests_oauthlib_client.py');

let mock: Awaited<ReturnType<typeof spawnMock>> | null = null;
let base = '';

beforeAll(async () => {
  mock = await spawnMock();
  base = mock.base;
}, 20_000);

afterAll(() => mock?.stop());

describe.skipIf(!hasRuntime('python3RequestsOauthlib'))('requests-oauthlib against oauth-lab mock', () => {
  it(
    'completes OAuth 1.0a three legs, a signed call, deauthorization, the OAuth 2 code grant, bearer, refresh and code reuse',
    { timeout: 60_000 },
    async () => {
      expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const python = findPython();
      expect(
        python,
        'Python with requests-oauthlib is required: apt-get install -y python3-requests-oauthlib'
      ).not.toBeNull();
      const env = {
        ...process.env,
        NO_PROXY: '*',
        no_proxy: '*',
        HTTP_PROXY: '',
        HTTPS_PROXY: '',
        http_proxy: '',
        https_proxy: '',
      };
      const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(python!, [SCRIPT, base], { env, stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
        child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
        child.on('exit', (code) => resolve({ code, stdout, stderr }));
      });
      expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
      const steps = result.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const byName = Object.fromEntries(steps.map((s) => [String(s.step), s]));
      expect(Object.keys(byName)).toEqual([
        'oauth1.request_token',
        'oauth1.authorize',
        'oauth1.access_token',
        'oauth1.api_call',
        'oauth1.deauthorized',
        'oauth2.token',
        'oauth2.bearer_call',
        'oauth2.refresh',
        'oauth2.code_reuse',
        'oauth2.revoked_after_reuse',
        'done',
      ]);
      expect(byName['oauth1.request_token']).toMatchObject({ expires_in: '600' });
      expect(byName['oauth1.api_call']).toMatchObject({ get: 200, post: 200 });
      expect(byName['oauth1.deauthorized']).toMatchObject({ status: 401, oauth_problem: 'token_revoked' });
      expect(byName['oauth2.token']).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
      expect(byName['oauth2.bearer_call']).toMatchObject({ status: 200 });
      expect(byName['oauth2.refresh']).toMatchObject({ status: 200 });
      expect(byName['oauth2.code_reuse']).toMatchObject({ error: 'invalid_grant', status: 400 });
      expect(byName['oauth2.revoked_after_reuse']).toMatchObject({ status: 401 });
    }
  );
});
