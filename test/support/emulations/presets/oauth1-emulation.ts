import { createHmac, createVerify } from 'node:crypto';
import {
  form,
  queryOf,
  startEmulation,
  type EmulatedResponse,
  type Emulation,
  type SeenRequest,
} from '../provider-emulation';

/**
 * The three OAuth 1.0a legs as a provider documents them, for the presets' tests. The signature is checked by this
 * file's own short RFC 5849 §3.4 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4) implementation (not the client's), and a request by another method or with the
 * protocol parameters elsewhere than the documented place is refused with an oauth_problem.
 */
export interface OAuth1EmulationOptions {
  readonly requestTokenPath: string;
  readonly authorizePath: string;
  readonly accessTokenPath: string;
  readonly method: 'POST' | 'GET';
  readonly placement: 'header' | 'query' | 'body';
  readonly consumerKey: string;
  readonly consumerSecret: string;
  /** For RSA-SHA*: the consumer's public key (PEM). */
  readonly rsaPublicKey?: string;
}

const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const dec = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
const pairs = (text: string): [string, string][] =>
  text
    ? text
        .split('&')
        .filter(Boolean)
        .map((p) => p.split('=').map(dec) as [string, string])
    : [];

/** Every parameter of the request (RFC 5849 §3.4.1.3.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.3.1)) and where the protocol parameters were. */
function parametersOf(r: SeenRequest): { all: [string, string][]; places: Set<string> } {
  const header = String(r.headers.authorization ?? '');
  const fromHeader: [string, string][] = /^OAuth\s/i.test(header)
    ? [...header.slice(6).matchAll(/([\w-]+)="([^"]*)"/g)]
        .map((m) => [dec(m[1]!), dec(m[2]!)] as [string, string])
        .filter(([n]) => n !== 'realm')
    : [];
  const fromQuery = pairs(r.url.split('?')[1] ?? '');
  const isForm = String(r.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
  const fromBody = isForm ? pairs(r.body) : [];
  const places = new Set<string>();
  if (fromHeader.length) places.add('header');
  if (fromQuery.some(([n]) => n.startsWith('oauth_'))) places.add('query');
  if (fromBody.some(([n]) => n.startsWith('oauth_'))) places.add('body');
  return { all: [...fromHeader, ...fromQuery, ...fromBody], places };
}

/** Whether a received request carries a valid OAuth 1.0a signature (HMAC-SHA1 or RSA-SHA*), wherever its parameters are. */
export function oauth1SignatureValid(
  r: SeenRequest,
  base: string,
  consumerSecret: string,
  tokenSecret: string,
  publicKey?: string
): boolean {
  return signatureValid(r, base, parametersOf(r).all, consumerSecret, tokenSecret, publicKey);
}

function signatureValid(
  r: SeenRequest,
  base: string,
  all: [string, string][],
  consumerSecret: string,
  tokenSecret: string,
  publicKey?: string
): boolean {
  const get = (n: string) => all.find(([k]) => k === n)?.[1] ?? '';
  const normalized = all
    .filter(([n]) => n !== 'oauth_signature')
    .map(([n, v]) => [enc(n), enc(v)])
    .sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : a[1]! < b[1]! ? -1 : a[1]! > b[1]! ? 1 : 0))
    .map(([n, v]) => `${n}=${v}`)
    .join('&');
  const uri = `${base}${r.url.split('?')[0]}`;
  const text = `${r.method}&${enc(uri)}&${enc(normalized)}`;
  const method = get('oauth_signature_method');
  if (method.startsWith('RSA-')) {
    const v = createVerify(method);
    v.update(text);
    return !!publicKey && v.verify(publicKey, get('oauth_signature'), 'base64');
  }
  if (method !== 'HMAC-SHA1') return false;
  return (
    createHmac('sha1', `${enc(consumerSecret)}&${enc(tokenSecret)}`)
      .update(text)
      .digest('base64') === get('oauth_signature')
  );
}

export async function startOAuth1Emulation(o: OAuth1EmulationOptions): Promise<Emulation & { granted(): boolean }> {
  let granted = false;
  const tokens = new Map<string, { secret: string; callback: string; verifier?: string }>();
  const problem = (p: string, advice: string): EmulatedResponse =>
    form({ oauth_problem: p, oauth_problem_advice: advice }, 401);
  const check = (
    r: SeenRequest,
    tokenSecret: string
  ): { ok: true; get: (n: string) => string } | { ok: false; answer: EmulatedResponse } => {
    if (r.method !== o.method)
      return { ok: false, answer: problem('method_rejected', `this endpoint takes ${o.method}`) };
    const { all, places } = parametersOf(r);
    if (places.size !== 1 || !places.has(o.placement))
      return { ok: false, answer: problem('parameter_rejected', `send the protocol parameters in the ${o.placement}`) };
    const get = (n: string) => all.find(([k]) => k === n)?.[1] ?? '';
    if (get('oauth_consumer_key') !== o.consumerKey) return { ok: false, answer: problem('consumer_key_unknown', '') };
    if (!signatureValid(r, emulation.base, all, o.consumerSecret, tokenSecret, o.rsaPublicKey))
      return { ok: false, answer: problem('signature_invalid', '') };
    return { ok: true, get };
  };
  const path = (p: string) => new URL(p, 'http://x').pathname;
  const emulation: Emulation = await startEmulation({
    [`${o.method} ${path(o.requestTokenPath)}`]: (r) => {
      const c = check(r, '');
      if (!c.ok) return c.answer;
      const token = `rt-${tokens.size}`;
      tokens.set(token, { secret: `rts-${tokens.size}`, callback: c.get('oauth_callback') });
      return form({
        oauth_token: token,
        oauth_token_secret: tokens.get(token)!.secret,
        oauth_callback_confirmed: 'true',
      });
    },
    [`GET ${path(o.authorizePath)}`]: (r) => {
      const token = queryOf(r).get('oauth_token') ?? '';
      const t = tokens.get(token);
      if (!t) return { status: 400, body: 'unknown oauth_token' };
      t.verifier = `v-${token}`;
      const target = new URL(t.callback);
      target.searchParams.set('oauth_token', token);
      target.searchParams.set('oauth_verifier', t.verifier);
      return { status: 302, headers: { Location: target.toString() } };
    },
    [`${o.method} ${path(o.accessTokenPath)}`]: (r) => {
      const { all } = parametersOf(r);
      const token = all.find(([n]) => n === 'oauth_token')?.[1] ?? '';
      const t = tokens.get(token);
      if (!t) return problem('token_rejected', '');
      const c = check(r, o.rsaPublicKey ? '' : t.secret);
      if (!c.ok) return c.answer;
      if (c.get('oauth_verifier') !== t.verifier) return problem('verifier_invalid', '');
      tokens.delete(token);
      granted = true;
      return form({ oauth_token: 'at-1', oauth_token_secret: 'ats-1' });
    },
  });
  return Object.assign(emulation, { granted: () => granted });
}
