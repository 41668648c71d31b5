import type { HistoryEntry } from '../../../shared/store/history';

export const FLOW_LABELS: Readonly<Record<HistoryEntry['flow'], string>> = {
  oauth1: 'OAuth 1.0a',
  oauth2: 'OAuth 2',
  signer: 'Signer',
  mcp: 'MCP',
  grade: 'Grade',
  audit: 'Audit',
};

/**
 * The one map of the legs every sender records (the flow pages, the signer, the MCP client, the CLI), each with
 * its readable label and the flows that record it (the store filters by leg name only). `aliases`: the same leg
 * under another recorded name.
 */
export const KNOWN_LEGS: readonly {
  readonly leg: string;
  readonly label: string;
  readonly flows: string;
  readonly aliases?: readonly string[];
}[] = [
  { leg: 'requestToken', label: 'Request token', flows: 'OAuth 1.0a' },
  { leg: 'accessToken', label: 'Access token', flows: 'OAuth 1.0a' },
  { leg: 'authorize', label: 'Authorization (browser)', flows: 'OAuth 1.0a, OAuth 2' },
  // The CLI recorded the push as pushedAuthorizationRequest before both hosts ran the code grant's par leg.
  {
    leg: 'par',
    label: 'Pushed authorization request',
    flows: 'OAuth 2',
    aliases: ['pushed authorization request', 'pushedAuthorizationRequest'],
  },
  { leg: 'token', label: 'Token exchange', flows: 'OAuth 2, Client credentials, MCP' },
  { leg: 'refresh', label: 'Refresh', flows: 'OAuth 2, MCP' },
  { leg: 'device', label: 'Device authorization request', flows: 'Device authorization' },
  { leg: 'poll', label: 'Device token poll', flows: 'Device authorization' },
  { leg: 'api', label: 'API request', flows: 'OAuth 1.0a, OAuth 2, Signer' },
  { leg: 'request', label: 'Signed request', flows: 'Signer' },
  // The signer's and `call`'s bearer call before it ran on the driver (now `api`), in older histories.
  { leg: 'bearer', label: 'Bearer request', flows: 'Signer' },
  { leg: 'discovery', label: 'Discovery', flows: 'OpenID Connect' },
  { leg: 'jwks', label: 'JWKS', flows: 'OpenID Connect' },
  { leg: 'reuse', label: 'Replaced refresh token again', flows: 'OpenID Connect' },
  { leg: 'introspection', label: 'Introspection', flows: 'OpenID Connect' },
  { leg: 'revocation', label: 'Revocation', flows: 'OpenID Connect' },
  { leg: 'mcp', label: 'MCP request', flows: 'MCP' },
  { leg: 'resourceMetadata', label: 'Protected resource metadata', flows: 'MCP' },
  { leg: 'authorizationServerMetadata', label: 'Authorization server metadata', flows: 'MCP' },
  { leg: 'registration', label: 'Client registration', flows: 'MCP' },
  { leg: 'userinfo', label: 'UserInfo', flows: 'OpenID Connect, Grade' },
  { leg: 'honeypot', label: "Poisoned document's endpoint", flows: 'Grade' },
];

/** A token request's label by its grant_type, where it is not the code's exchange (RFC 6749 §4.4.2, §6). */
const TOKEN_REQUEST_LABELS: Readonly<Record<string, string>> = {
  client_credentials: 'Client credentials token request',
  refresh_token: 'Refresh',
  'urn:ietf:params:oauth:grant-type:device_code': 'Device token poll',
};

function legLabel(leg: string): string {
  return KNOWN_LEGS.find((l) => l.leg === leg || l.aliases?.includes(leg))?.label ?? leg;
}

/** An entry's leg in words: a token request named by the grant_type it sent. */
export function entryLegLabel(entry: Pick<HistoryEntry, 'leg' | 'exchange'>): string {
  const { body } = entry.exchange.request;
  const grantType = entry.leg === 'token' && body ? new URLSearchParams(body).get('grant_type') : null;
  return (grantType && TOKEN_REQUEST_LABELS[grantType]) ?? legLabel(entry.leg);
}

const two = (n: number) => String(n).padStart(2, '0');

/** Local time: `HH:MM:SS` today, `MM-DD HH:MM` on another day. */
export function shortTime(at: number, now: number): string {
  const d = new Date(at);
  const today = new Date(now);
  const time = `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
  const sameDay =
    d.getFullYear() === today.getFullYear() && d.getMonth() === today.getMonth() && d.getDate() === today.getDate();
  return sameDay ? time : `${two(d.getMonth() + 1)}-${two(d.getDate())} ${time.slice(0, 5)}`;
}

/** Local date and time to the millisecond, e.g. `2026-03-01 14:03:22.120`. */
export function fullTime(at: number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}

/** The path of a request URL (no query: it may carry protocol parameters); the URL itself when it does not parse. */
export function urlPath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

export const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** A size in bytes, binary units as the size bound uses: `512 bytes`, `16.0 KiB`, `12.3 MiB`, `1.50 GiB`. */
export function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
}
