import { curlCommand } from '../../../shared/curl-command';
import type { RawRequest, TransportResponse } from '../../../shared/http';
import { withAuthorizationQuery } from '../../../shared/oauth2/authorization-request';
import { codeChallenge, generateCodeVerifier } from '../../../shared/oauth2/pkce';
import { basicAuthorization } from '../../../shared/oauth2/token-request';
import { FORM_CONTENT_TYPE, formEncode, type Param } from '../../../shared/url-encoded';
import { nodeCrypto, nodeRandom } from '../../../platform/node/node-crypto';
import { hexEncode } from '../../../shared/encoding/base64';
import type { ProbeContext } from './probe-context';

/** Why a probe cannot decide its finding here (no such endpoint, no login, no suitable client): reported skipped. */
export class ProbeSkip extends Error {
  override readonly name = 'ProbeSkip';
}

/** A probe's answer: whether the flaw is there, what was seen, and the request that shows it, to send again. */
export interface ProbeOutcome {
  readonly found: boolean;
  readonly evidence: readonly string[];
  readonly reproduce: string;
}

/** An endpoint the metadata names, or a skip saying which member is missing. */
export function endpoint(ctx: ProbeContext, member: string): string {
  const v = ctx.metadata[member];
  if (typeof v !== 'string' || v === '') throw new ProbeSkip(`the metadata names no ${member}.`);
  return v;
}

export const randomValue = (): string => hexEncode(nodeRandom.bytes(16));

/**
 * scope=openid when the metadata offers it: an OpenID Provider may refuse a request without it (node-oidc-provider
 * does), and it changes nothing a probe decides on.
 */
export const scopeParams = (ctx: ProbeContext): Param[] =>
  Array.isArray(ctx.metadata.scopes_supported) && ctx.metadata.scopes_supported.includes('openid')
    ? [['scope', 'openid']]
    : [];

export function newPkce(): { verifier: string; challenge: string } {
  const verifier = generateCodeVerifier(nodeRandom);
  return { verifier, challenge: codeChallenge(verifier, 'S256', nodeCrypto) };
}

export const header = (r: TransportResponse, name: string): string | undefined =>
  r.headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];

/**
 * The request as a curl command with every secret replaced by a placeholder to fill in (`<CLIENT_SECRET>`,
 * `<CODE>`, …): the evidence is printed and written to reports, so it carries no credential.
 */
export function reproduction(request: RawRequest, secrets: readonly (readonly [string, string])[]): string {
  const hide = (text: string) =>
    secrets.reduce((t, [value, placeholder]) => (value ? t.split(value).join(placeholder) : t), text);
  const hideParams = (text: string) =>
    secrets.reduce(
      (t, [value, placeholder]) => (value ? t.split(encodeURIComponent(value)).join(placeholder) : t),
      hide(text)
    );
  return curlCommand(
    {
      method: request.method,
      url: hideParams(request.url),
      headers: request.headers.map(([n, v]) =>
        n.toLowerCase() === 'authorization' && /^basic /i.test(v)
          ? [n, 'Basic <base64 of CLIENT_ID:CLIENT_SECRET>']
          : [n, hide(v)]
      ),
      ...(request.body === undefined ? {} : { body: hideParams(request.body) }),
    },
    true
  );
}

/** The answer of the authorization endpoint: where it redirected (null: it did not) and the request sent. */
export interface AuthorizeAnswer {
  readonly status: number;
  readonly location: URL | null;
  readonly request: RawRequest;
}

/** The mock's own login form: a POST form with a csrf field, a username and a password (mock-provider/login-page.ts). */
function loginForm(html: string): { action: string; csrf: string } | null {
  const action = /<form method="post" action="([^"]*)">/.exec(html)?.[1];
  const csrf = /<input type="hidden" name="csrf" value="([^"]*)">/.exec(html)?.[1];
  if (action === undefined || csrf === undefined || !/name="username"/.test(html) || !/name="password"/.test(html))
    return null;
  const unescape = (s: string) =>
    s
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'");
  return { action: unescape(action), csrf: unescape(csrf) };
}

/** The redirects a server makes on its own origin (its login and consent steps) before it answers the client. */
const MAX_OWN_REDIRECTS = 5;

/**
 * GETs the authorization URL as a browser would, its cookies kept, following the redirects that stay on the
 * authorization endpoint's origin (an issuer's own interaction steps), and none other: the answer is the first
 * Location elsewhere, or at the redirect URI (RFC 6749 §4.1.2), which is never requested.
 */
async function browse(ctx: ProbeContext, url: string, stopAt: readonly string[]) {
  const jar = new Map<string, string>();
  const own = new URL(url).origin;
  let at = url;
  for (let hop = 0; ; hop++) {
    const cookie = [...jar].map(([n, v]) => `${n}=${v}`).join('; ');
    const r = await ctx.sender.send({ method: 'GET', url: at, headers: cookie ? [['Cookie', cookie]] : [] });
    for (const [n, v] of r.headers)
      if (n.toLowerCase() === 'set-cookie') {
        const pair = v.split(';')[0]!;
        const eq = pair.indexOf('=');
        if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      }
    const location = r.status >= 300 && r.status < 400 ? header(r, 'location') : undefined;
    if (location === undefined || hop >= MAX_OWN_REDIRECTS) return { response: r, at };
    const next = new URL(location, at);
    if (next.origin !== own || stopAt.includes(`${next.origin}${next.pathname}`)) return { response: r, at };
    at = next.href;
  }
}

const withoutQuery = (uri: string) => {
  try {
    const u = new URL(uri);
    return `${u.origin}${u.pathname}`;
  } catch {
    return uri;
  }
};

/**
 * The authorization request (RFC 6749 §4.1.1), answered by a redirect to the client (read from its Location,
 * never followed there). A page instead of a redirect is logged into when --user names a form the audit
 * recognises; otherwise the probe is skipped, since a page may be a login or a refusal and only a login would tell.
 */
export async function authorize(ctx: ProbeContext, params: readonly Param[]): Promise<AuthorizeAnswer> {
  const url = withAuthorizationQuery(endpoint(ctx, 'authorization_endpoint'), params);
  const request: RawRequest = { method: 'GET', url, headers: [] };
  const redirects = [ctx.client.redirectUri, ...params.filter(([n]) => n === 'redirect_uri').map(([, v]) => v)];
  const { response: r, at } = await browse(ctx, url, redirects.map(withoutQuery));
  const answer = (res: TransportResponse, base: string): AuthorizeAnswer => {
    const location = res.status >= 300 && res.status < 400 ? header(res, 'location') : undefined;
    return { status: res.status, location: location === undefined ? null : new URL(location, base), request };
  };
  if (r.status !== 200) return answer(r, at);
  const login = ctx.client.login;
  const form = loginForm(r.bodyText);
  if (login?.kind !== 'form' || !form)
    throw new ProbeSkip(
      login?.kind === 'form'
        ? 'the authorization endpoint answered a page that is not a login form the audit recognises.'
        : 'the authorization endpoint answered a page (a login): give --auto-login for an issuer that approves at once, or --user and --password-file.'
    );
  const action = new URL(form.action, at).href;
  const body = formEncode([
    ['csrf', form.csrf],
    ['username', login.user],
    ['password', login.password],
    ['decision', 'approve'],
  ]);
  const posted = await ctx.sender.send({
    method: 'POST',
    url: action,
    headers: [['Content-Type', FORM_CONTENT_TYPE]],
    body,
  });
  return answer(posted, action);
}

/** Whether a redirect went to `target` (its origin and path): the server took it as the redirect URI. */
export const redirectedTo = (a: AuthorizeAnswer, target: string): boolean => {
  if (!a.location) return false;
  const t = new URL(target);
  return a.location.origin === t.origin && a.location.pathname === t.pathname;
};

/** The client's authentication on a token request: RFC 6749 §2.3.1, Basic or the body; none for a public client. */
export function clientAuth(ctx: ProbeContext, form: readonly Param[]): { headers: [string, string][]; body: Param[] } {
  const c = ctx.client;
  const id = c.clientId!;
  if (c.clientSecret === null) return { headers: [], body: [...form, ['client_id', id]] };
  if (c.clientAuth === 'client_secret_post')
    return { headers: [], body: [...form, ['client_id', id], ['client_secret', c.clientSecret]] };
  return { headers: [['Authorization', basicAuthorization(id, c.clientSecret)]], body: [...form] };
}

/** A token endpoint's answer with its JSON (null when not JSON). */
export interface TokenAnswer {
  readonly response: TransportResponse;
  readonly json: Readonly<Record<string, unknown>> | null;
  readonly request: RawRequest;
}

/** POSTs a token request with the client's authentication (RFC 6749 §3.2). */
export async function tokenRequest(ctx: ProbeContext, form: readonly Param[]): Promise<TokenAnswer> {
  const auth = clientAuth(ctx, form);
  const request: RawRequest = {
    method: 'POST',
    url: endpoint(ctx, 'token_endpoint'),
    headers: [['Content-Type', FORM_CONTENT_TYPE], ['Accept', 'application/json'], ...auth.headers],
    body: formEncode(auth.body),
  };
  return answerOf(ctx, request);
}

export async function answerOf(ctx: ProbeContext, request: RawRequest): Promise<TokenAnswer> {
  const response = await ctx.sender.send(request);
  let json: Record<string, unknown> | null = null;
  try {
    const parsed = JSON.parse(response.bodyText) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) json = parsed as Record<string, unknown>;
  } catch {
    json = null;
  }
  return { response, json, request };
}

/** A token answer in words, with no token in it: the status and error, or the members issued. */
export function said(a: TokenAnswer): string {
  const j = a.json;
  if (j && typeof j.error === 'string') return `${a.response.status} error ${JSON.stringify(j.error)}`;
  if (j && typeof j.access_token === 'string') return `${a.response.status} with tokens (${Object.keys(j).join(', ')})`;
  return `${a.response.status} ${a.response.statusText}`.trim();
}
