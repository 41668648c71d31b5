import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { traceSignature, type ParameterPlacement, type SignatureMethod } from '../../../shared/oauth1';
import { codeChallenge } from '../../../shared/oauth2/pkce';
import { nodeCrypto } from '../../../platform/node/node-crypto';
import { DEFAULT_CREDENTIALS, MockProvider, parseConfig, type MockProviderOptions } from '../../../mock-provider';

export const C = DEFAULT_CREDENTIALS;
export const CALLBACK = C.consumer.callback;
export const REDIRECT = C.client.redirectUris[0];

export interface Res {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface Req {
  method?: string;
  path: string;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
}

/** One HTTP exchange over a fresh socket to the provider. */
export function send(base: string, r: Req): Promise<Res> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const headers = {
      ...(r.body !== undefined && !Object.keys(r.headers ?? {}).some((k) => k.toLowerCase() === 'content-length')
        ? { 'content-length': String(Buffer.byteLength(r.body)) }
        : {}),
      ...r.headers,
    };
    const req = request(
      { host: url.hostname, port: url.port, method: r.method ?? 'GET', path: r.path, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') })
        );
        res.on('error', reject);
      }
    );
    req.on('error', reject);
    if (r.body !== undefined) req.write(r.body);
    req.end();
  });
}

export const form = (body: string): Record<string, string> => Object.fromEntries(new URLSearchParams(body));
export const json = (body: string): Record<string, unknown> => JSON.parse(body) as Record<string, unknown>;
export const nonce = (): string => randomBytes(12).toString('hex');

export class Harness {
  readonly provider: MockProvider;
  base = '';
  constructor(options: MockProviderOptions & { configValue?: unknown } = {}) {
    this.provider = new MockProvider({
      ...options,
      ...(options.configValue !== undefined ? { config: parseConfig(options.configValue) } : {}),
    });
  }
  async start(): Promise<this> {
    this.base = await this.provider.start({ port: 0 });
    return this;
  }
  stop(): Promise<void> {
    return this.provider.stop();
  }
  get host(): string {
    return new URL(this.base).host;
  }
  /** A client's clock: real time, which the mock's simulated offset does not move. */
  nowSeconds(): number {
    return this.provider.clock.clientNowSeconds();
  }
  send(r: Req): Promise<Res> {
    return send(this.base, r);
  }
  admin(method: string, path: string, body: unknown = {}): Promise<Res> {
    return this.send({ method, path, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }
  settings(patch: unknown): Promise<Res> {
    return this.admin('POST', '/_mock/settings', patch);
  }
}

export interface SignOptions {
  method?: string;
  path: string;
  consumerKey?: string;
  consumerSecret?: string;
  token?: string | null;
  tokenSecret?: string | null;
  callback?: string | null;
  verifier?: string | null;
  nonce?: string;
  timestamp?: string;
  signatureMethod?: SignatureMethod;
  /** For the RSA methods. */
  privateKeyPem?: string;
  placement?: ParameterPlacement;
  body?: string;
  contentType?: string;
  includeVersion?: boolean;
  extra?: [string, string][];
  /** Sign against this URL instead of the real one (to provoke signature_invalid). */
  signUrl?: string;
  /** Replaces the header after signing. */
  mutateHeader?: (h: string) => string;
  headers?: Record<string, string>;
}

/** Signs with the shared core (the same one the app uses) and sends the request. */
export function signed(h: Harness, o: SignOptions): Promise<Res> {
  const method = o.method ?? 'POST';
  const url = h.base + o.path;
  const t = traceSignature(
    {
      method,
      url: o.signUrl ?? url,
      consumerKey: o.consumerKey ?? C.consumer.key,
      consumerSecret: o.consumerSecret ?? C.consumer.secret,
      token: o.token ?? null,
      tokenSecret: o.tokenSecret ?? null,
      callback: o.callback ?? null,
      verifier: o.verifier ?? null,
      nonce: o.nonce ?? nonce(),
      timestamp: o.timestamp ?? String(h.nowSeconds()),
      signatureMethod: o.signatureMethod ?? 'HMAC-SHA1',
      placement: o.placement ?? 'header',
      includeVersion: o.includeVersion ?? true,
      extraOauthParams: o.extra ?? [],
      ...(o.body !== undefined ? { body: o.body } : {}),
      ...(o.contentType !== undefined ? { contentType: o.contentType } : {}),
      ...(o.privateKeyPem !== undefined ? { privateKeyPem: o.privateKeyPem } : {}),
    },
    nodeCrypto
  );
  const headers: Record<string, string> = {};
  for (const [n, v] of t.request.headers) headers[n] = n === 'Authorization' && o.mutateHeader ? o.mutateHeader(v) : v;
  Object.assign(headers, o.headers);
  const path = o.signUrl ? o.path : t.request.url.slice(h.base.length);
  return h.send({ method, path, headers, ...(t.request.body !== undefined ? { body: t.request.body } : {}) });
}

export interface Oauth1Tokens {
  requestToken: string;
  requestSecret: string;
  verifier: string;
  accessToken: string;
  accessSecret: string;
}

export async function requestToken(
  h: Harness,
  callback: string = CALLBACK
): Promise<{ token: string; secret: string }> {
  const r = await signed(h, { path: '/oauth/v1/request_token', callback });
  if (r.status !== 200) throw new Error(`request_token failed: ${r.status} ${r.body}`);
  const f = form(r.body);
  return { token: f.oauth_token!, secret: f.oauth_token_secret! };
}

/** Logs in as demo/demo through the real login form and returns the redirect Location (or the response for oob). */
export async function approve1(
  h: Harness,
  token: string,
  decision: 'approve' | 'deny' = 'approve',
  password = C.user.password,
  query = ''
): Promise<Res> {
  const page = await h.send({ path: `/oauth/v1/authorize?oauth_token=${encodeURIComponent(token)}${query}` });
  if (page.status !== 200) return page;
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
  const body = new URLSearchParams({ csrf, username: C.user.username, password, decision }).toString();
  return h.send({
    method: 'POST',
    path: '/oauth/v1/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
}

export async function threeLegs(h: Harness): Promise<Oauth1Tokens> {
  const rt = await requestToken(h);
  const r = await approve1(h, rt.token);
  const loc = new URL(String(r.headers.location));
  const verifier = loc.searchParams.get('oauth_verifier')!;
  const at = await signed(h, { path: '/oauth/v1/access_token', token: rt.token, tokenSecret: rt.secret, verifier });
  if (at.status !== 200) throw new Error(`access_token failed: ${at.status} ${at.body}`);
  const f = form(at.body);
  return {
    requestToken: rt.token,
    requestSecret: rt.secret,
    verifier,
    accessToken: f.oauth_token!,
    accessSecret: f.oauth_token_secret!,
  };
}

export const authorizeQuery = (params: Record<string, string>): string =>
  '/oauth/v2/authorize?' + new URLSearchParams(params).toString();
export const goodAuthorize = (extra: Record<string, string> = {}): Record<string, string> => ({
  client_id: C.client.id,
  grant_type: 'authorization_code',
  redirect_uri: REDIRECT,
  response_type: 'code',
  state: 'st-123',
  ...extra,
});

/** Goes through the OAuth 2 login form and returns the redirect. */
export async function approve2(
  h: Harness,
  params: Record<string, string>,
  decision: 'approve' | 'deny' = 'approve'
): Promise<Res> {
  const page = await h.send({ path: authorizeQuery(params) });
  if (page.status !== 200) return page;
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
  const body = new URLSearchParams({ csrf, username: C.user.username, password: C.user.password, decision }).toString();
  return h.send({
    method: 'POST',
    path: '/oauth/v2/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
}

export async function getCode(h: Harness, extra: Record<string, string> = {}): Promise<string> {
  const r = await approve2(h, goodAuthorize(extra));
  const loc = new URL(String(r.headers.location));
  const code = loc.searchParams.get('code');
  if (!code) throw new Error(`no code: ${r.status} ${String(r.headers.location)}`);
  return code;
}

export function tokenRequest(
  h: Harness,
  params: Record<string, string>,
  headers: Record<string, string> = {}
): Promise<Res> {
  return h.send({
    method: 'POST',
    path: '/oauth/v2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(params).toString(),
  });
}

export const codeParams = (code: string, extra: Record<string, string> = {}): Record<string, string> => ({
  client_id: C.client.id,
  client_secret: C.client.secret,
  grant_type: 'authorization_code',
  redirect_uri: REDIRECT,
  code,
  ...extra,
});

export async function tokens(h: Harness, extra: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const code = await getCode(h, extra);
  const r = await tokenRequest(h, codeParams(code));
  if (r.status !== 200) throw new Error(`token failed: ${r.status} ${r.body}`);
  return json(r.body);
}

export const s256 = (verifier: string): string => codeChallenge(verifier, 'S256', nodeCrypto);
export const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
