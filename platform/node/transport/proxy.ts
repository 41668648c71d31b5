import type { ParsedUrl } from '../../../shared/url';
import type { ProxyInfo } from './types';
import { CodedError } from '../../../shared/errors';

export interface ProxyChoice extends ProxyInfo {
  readonly host: string;
  readonly port: number;
  /** `Basic ...` built from the user information of the proxy URL; never recorded or shown. */
  readonly authorization: string | null;
  /** An https:// proxy: TLS to the proxy itself first, then CONNECT or the request inside it. */
  readonly tls: boolean;
}

export type Env = Readonly<Record<string, string | undefined>>;

/** Thrown for a proxy setting that cannot be used; send() turns it into a TransportError. */
export class ProxySettingError extends CodedError<'invalid_proxy' | 'proxy_unsupported'> {
  constructor(code: 'invalid_proxy' | 'proxy_unsupported', message: string) {
    super(code, undefined, message);
  }
}

/** The first non-empty variable, lower case first (curl's convention). */
function fromEnv(env: Env, names: readonly string[]): [name: string, value: string] | null {
  for (const n of names) {
    const v = env[n]?.trim();
    if (v) return [n, v];
  }
  return null;
}

const mask = (u: URL) => `${u.protocol}//${u.username ? `${u.username}${u.password ? ':***' : ''}@` : ''}${u.host}`;
const bare = (host: string) => host.replace(/^\[(.*)\]$/, '$1').toLowerCase();

/** Loopback destinations never go through a proxy: the mock provider and the catcher live there. */
function isLoopback(host: string): boolean {
  const h = bare(host);
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/**
 * NO_PROXY as curl reads it: entries separated by commas or spaces; `*` matches all; an entry matches its host and
 * every subdomain (a leading `.` or `*.` is ignored); `host:port` matches only that port; IP literals match exactly.
 */
export function bypassesProxy(noProxy: string, host: string, port: number): boolean {
  const h = bare(host);
  for (const raw of noProxy.split(/[\s,]+/)) {
    let entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    if (entry === '*') return true;
    let entryPort: number | null = null;
    const m = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(entry);
    if (m) {
      entry = m[1]!;
      entryPort = Number(m[2]);
    }
    entry = bare(entry).replace(/^\*?\./, '');
    if (entryPort !== null && entryPort !== port) continue;
    if (h === entry || h.endsWith(`.${entry}`)) return true;
  }
  return false;
}

/** Chooses the proxy for a URL from the environment, or null for a direct connection. */
export function chooseProxy(url: ParsedUrl, env: Env): ProxyChoice | null {
  const port = url.port ?? (url.scheme === 'https' ? 443 : 80);
  if (isLoopback(url.host)) return null;
  const noProxy = fromEnv(env, ['no_proxy', 'NO_PROXY']);
  if (noProxy && bypassesProxy(noProxy[1], url.host, port)) return null;
  const found = fromEnv(
    env,
    url.scheme === 'https'
      ? ['https_proxy', 'HTTPS_PROXY', 'all_proxy', 'ALL_PROXY']
      : ['http_proxy', 'HTTP_PROXY', 'all_proxy', 'ALL_PROXY']
  );
  if (!found) return null;
  const [source, value] = found;
  let u: URL;
  try {
    u = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`);
  } catch {
    throw new ProxySettingError(
      'invalid_proxy',
      `${source} is not a valid proxy URL; expected something like http://proxy.example:3128. Fix or unset ${source}.`
    );
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw new ProxySettingError(
      'proxy_unsupported',
      `${source} names a ${u.protocol.replace(':', '')} proxy (${mask(u)}); only http:// and https:// proxies are supported. Use an HTTP proxy, or list the host in NO_PROXY.`
    );
  }
  const tls = u.protocol === 'https:';
  if (u.hostname === '')
    throw new ProxySettingError(
      'invalid_proxy',
      `${source} has no host; expected something like http://proxy.example:3128.`
    );
  const user = decodeURIComponent(u.username);
  const pass = decodeURIComponent(u.password);
  return {
    url: mask(u),
    source,
    mode: url.scheme === 'https' ? 'connect' : 'absolute-form',
    host: bare(u.hostname),
    port: u.port === '' ? (tls ? 443 : 80) : Number(u.port),
    tls,
    authorization: u.username || u.password ? `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}` : null,
  };
}
