import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { oauth1Flow, oauth2Flow } from '../../../../shared/flows';
import type { OAuth2State } from '../../../../shared/flows/oauth2-flow';
import type { SignatureInput } from '../../../../shared/oauth1';
import { FORM_CONTENT_TYPE, formEncode } from '../../../../shared/url-encoded';
import { nodeCrypto, nodeRandom } from '../../../../platform/node/node-crypto';
import { DEFAULT_CREDENTIALS, MockProvider, type ProviderConfig } from '../../../../mock-provider';
import { send as transportSend } from '../../../../platform/node/transport';
import type { TransportExchange } from '../../../../shared/http';
import { SYSTEM_RUNTIMES, hasRuntime } from '../../../support/system-runtimes';

/**
 * The embedded mock on 127.0.0.1:0 with auto-login, and tokens obtained through the flow engines, so exported code
 * runs against a real verifier. The authorization redirect is read from the Location header (no browser needed).
 */
export const CALLBACK = 'http://127.0.0.1:8765/callback';
const consumer = DEFAULT_CREDENTIALS.consumer;
const client = DEFAULT_CREDENTIALS.client;
const hex = (n: number) => Buffer.from(nodeRandom.bytes(n)).toString('hex');

export interface MockSession {
  readonly mock: MockProvider;
  readonly base: string;
  /** Every exchange the flows sent, as the transport recorded it (for the HAR tests). */
  readonly exchanges: TransportExchange[];
  /** Three legs through the OAuth 1.0a engine: an access token and its secret. */
  oauth1Token(): Promise<{ token: string; secret: string }>;
  /** The code grant with PKCE through the OAuth 2 engine: a state holding access and refresh tokens (and an id_token with `openid`). */
  oauth2Tokens(scope?: string): Promise<OAuth2State>;
  /** What the signer takes for an API request with this token: fresh nonce, the mock's clock. */
  signing(
    token: { token: string; secret: string },
    method: string,
    path: string,
    form?: readonly (readonly [string, string])[]
  ): SignatureInput;
  stop(): Promise<void>;
}

async function redirectOf(url: string): Promise<URL> {
  const res = await fetch(url, { redirect: 'manual' });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location)
    throw new Error(`expected a 302 to the callback from ${url}, got ${res.status}: ${await res.text()}`);
  return new URL(location);
}

/** `rsa`: the consumer signs every OAuth 1.0a request with this key (the config must carry its public key). */
export interface SessionOptions {
  readonly config?: ProviderConfig;
  readonly rsa?: { readonly signatureMethod: 'RSA-SHA1' | 'RSA-SHA256' | 'RSA-SHA512'; readonly privateKeyPem: string };
}

export async function startMockSession(options: SessionOptions = {}): Promise<MockSession> {
  const mock = new MockProvider({ autoLoginUser: 'demo', ...(options.config ? { config: options.config } : {}) });
  const rsa = options.rsa
    ? { signatureMethod: options.rsa.signatureMethod, privateKeyPem: options.rsa.privateKeyPem }
    : {};
  await mock.start({ port: 0 });
  const base = mock.baseUrl;
  const exchanges: TransportExchange[] = [];
  const send = async (r: Parameters<typeof transportSend>[0]) => {
    const e = await transportSend(r);
    exchanges.push(e);
    return e;
  };
  const ctx = () => ({ nonce: hex(8), timestamp: String(mock.clock.clientNowSeconds()), crypto: nodeCrypto });
  return {
    mock,
    base,
    exchanges,
    async oauth1Token() {
      let s = oauth1Flow.startOAuth1({
        baseUrl: base,
        consumerKey: consumer.key,
        consumerSecret: consumer.secret,
        callback: CALLBACK,
        ...rsa,
      });
      const rt = oauth1Flow.interpretRequestToken(
        s,
        await send(oauth1Flow.buildRequestTokenRequest(s, ctx()).request),
        mock.clock.now()
      );
      if (!rt.ok) throw new Error(`request token: ${rt.summary}`);
      const cb = oauth1Flow.interpretCallback(rt.state, [
        ...(await redirectOf(oauth1Flow.buildAuthorizeUrl(rt.state))).searchParams,
      ]);
      if (!cb.ok) throw new Error(`callback: ${cb.summary}`);
      const at = oauth1Flow.interpretAccessToken(
        cb.state,
        await send(oauth1Flow.buildAccessTokenRequest(cb.state, ctx()).request),
        mock.clock.now()
      );
      if (!at.ok) throw new Error(`access token: ${at.summary}`);
      s = at.state;
      return { token: s.accessToken!.token, secret: s.accessToken!.secret };
    },
    async oauth2Tokens(scope = 'read') {
      const s = oauth2Flow.startOAuth2(
        { baseUrl: base, clientId: client.id, clientSecret: client.secret, redirectUri: CALLBACK, scope },
        nodeRandom,
        nodeCrypto
      );
      const cb = oauth2Flow.interpretCallback(
        s,
        (await redirectOf(oauth2Flow.buildAuthorizeRequest(s).url)).toString()
      );
      if (!cb.ok) throw new Error(`callback: ${cb.summary}`);
      const t = oauth2Flow.interpretTokenResponse(
        cb.state,
        await send(oauth2Flow.buildTokenExchange(cb.state)),
        mock.clock.now(),
        'token'
      );
      if (!t.ok) throw new Error(`token: ${t.summary}`);
      return t.state;
    },
    signing(token, method, path, form = []) {
      return {
        method,
        url: `${base}${path}`,
        ...(form.length ? { body: formEncode(form), contentType: FORM_CONTENT_TYPE } : {}),
        consumerKey: consumer.key,
        consumerSecret: consumer.secret,
        token: token.token,
        tokenSecret: token.secret,
        signatureMethod: 'HMAC-SHA1',
        ...rsa,
        nonce: hex(16),
        timestamp: String(mock.clock.clientNowSeconds()),
      };
    },
    stop: () => mock.stop(),
  };
}

/** A command's result; killed after `timeoutMs` so a hung client fails the test instead of the run. */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd?: string; timeoutMs?: number; input?: string } = {}
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // The snippets call 127.0.0.1: no proxy from the environment may get in between.
  const env = {
    ...process.env,
    NO_PROXY: '*',
    no_proxy: '*',
    HTTP_PROXY: '',
    HTTPS_PROXY: '',
    http_proxy: '',
    https_proxy: '',
  };
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', (e) => (stderr += String(e)));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    // A program that exits without reading stdin closes the pipe first (EPIPE): nothing to report.
    child.stdin.on('error', () => {});
    child.stdin.end(options.input ?? '');
  });
}

/** A scratch directory for exported files, removed by the returned function. */
export function scratch(): { dir: string; write: (name: string, text: string) => string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-exports-'));
  return {
    dir,
    write: (name, text) => (writeFileSync(join(dir, name), text), join(dir, name)),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Debian's python3 with requests-oauthlib (python3-requests-oauthlib), or null when it is missing; the probe is the
 * shared one, so the run's summary of skipped runtimes names it.
 */
export const findPython = (): string | null =>
  hasRuntime('python3RequestsOauthlib') ? SYSTEM_RUNTIMES.python3RequestsOauthlib.probe[0] : null;
