import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBasicCredentials, type LibraryId } from '../../shared/oauth1/debug';
import { hasRuntime } from '../support/system-runtimes';
import { signAll } from './library-harness';

const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-basic-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Credentials {
  readonly clientId: string;
  readonly clientSecret: string;
}

/** Client ids and secrets with and without characters form-urlencoding changes (RFC 6749 §2.3.1 (https://www.rfc-editor.org/rfc/rfc6749#section-2.3.1), Appendix B). */
const CREDENTIALS = [
  ['cid', 'plain-secret_1.0'],
  ['cid', 'p@ss w%rd+/:=&~'],
  ['client:one', 'x'],
  ['cid', 'a b'],
  ['app@example', 'c2VjcmV0+/='],
  ['cid', '100%'],
].map(([clientId, clientSecret]): Credentials => ({ clientId: clientId!, clientSecret: clientSecret! }));
const needsEncoding = (c: Credentials) => /[^A-Za-z0-9*\-._~]/.test(c.clientId + c.clientSecret);

/** Every header a library built is read back by the debugger: raw where the catalogue says so, encoded for Go. */
function expectEncodings(library: LibraryId, headers: readonly string[], raw: boolean) {
  CREDENTIALS.forEach((c, i) => {
    const check = checkBasicCredentials(headers[i]!, c.clientId, c.clientSecret);
    const where = `${library} sent ${headers[i]} for ${JSON.stringify(c)}`;
    if (!needsEncoding(c)) return expect(check.encoding, where).toBe('either');
    expect(check.encoding, where).toBe(raw ? 'raw' : 'form-urlencoded');
    if (raw)
      expect(
        check.libraries.libraries.map((l) => l.library),
        where
      ).toContain(library);
    else expect(check.libraries.behaviours, where).toEqual([]);
  });
}

describe('OAuth 2 client secrets in HTTP Basic, as real clients send them (B1)', () => {
  it.skipIf(!hasRuntime('python3Authlib') || !hasRuntime('python3RequestsOauthlib'))(
    'requests and Authlib put the secret in raw',
    { timeout: 60_000 },
    () => {
      const out = signAll<Credentials, { pythonRequests: string; authlib: string }>(
        '/usr/bin/python3',
        [join(__dirname, 'library-oauth2-basic.py')],
        CREDENTIALS
      );
      expectEncodings(
        'pythonRequests',
        out.map((o) => o.pythonRequests),
        true
      );
      expectEncodings(
        'authlib',
        out.map((o) => o.authlib),
        true
      );
    }
  );

  it.skipIf(!hasRuntime('rubyOauth2'))('ruby-oauth2 puts the secret in raw', { timeout: 60_000 }, () => {
    const out = signAll<Credentials, { rubyOauth2: string }>(
      'ruby',
      [join(__dirname, 'library-oauth2-basic.rb')],
      CREDENTIALS
    );
    expectEncodings(
      'rubyOauth2',
      out.map((o) => o.rubyOauth2),
      true
    );
  });

  it.skipIf(!hasRuntime('goOauth2'))(
    'golang.org/x/oauth2 form-urlencodes it, as RFC 6749 §2.3.1 says',
    { timeout: 180_000 },
    () => {
      const binary = join(dir, 'basic');
      const env = {
        ...process.env,
        GOPATH: '/usr/share/gocode',
        GO111MODULE: 'off',
        GOCACHE: join(dir, 'cache'),
        GOFLAGS: '',
      };
      const build = spawnSync('go', ['build', '-o', binary, join(__dirname, 'library-oauth2-basic.go')], {
        env,
        encoding: 'utf8',
        timeout: 170_000,
      });
      expect(build.status, build.stderr).toBe(0);
      const out = signAll<Credentials, { goOauth2: string }>(binary, [], CREDENTIALS);
      expectEncodings(
        'goOauth2',
        out.map((o) => o.goOauth2),
        false
      );
    }
  );
});
