import type { Switches } from './config';
import type { MockLax } from '../shared/audit/mock-lax';
import { isLax } from './lax';

/**
 * The redirect URI matches a careless server makes (RFC 9700 §4.1.1 names them), each taken only under its `lax`
 * value, so `oauth-lab audit` can be tested against a server with the flaw: a longer path, an added query, another
 * port, another host, http for a registered https URI. Compared on WHATWG URL parts, as such a server would.
 */
const LAX_MATCHES: readonly [MockLax, (registered: URL, candidate: URL, raw: string, r: string) => boolean][] = [
  [
    'redirect-uri-prefix-match',
    (_r, _c, raw, r) => raw.startsWith(r) && raw.length > r.length && !raw.slice(r.length).startsWith('?'),
  ],
  [
    'redirect-uri-query-added',
    (r, c) => r.search === '' && c.search !== '' && `${c.origin}${c.pathname}` === `${r.origin}${r.pathname}`,
  ],
  [
    'redirect-uri-other-port',
    (r, c) =>
      c.protocol === r.protocol &&
      c.hostname === r.hostname &&
      c.port !== r.port &&
      c.pathname === r.pathname &&
      c.search === r.search,
  ],
  [
    'redirect-uri-other-host',
    (r, c) =>
      c.protocol === r.protocol &&
      c.hostname !== r.hostname &&
      c.port === r.port &&
      c.pathname === r.pathname &&
      c.search === r.search,
  ],
  [
    'redirect-uri-scheme-downgrade',
    (r, c) =>
      r.protocol === 'https:' &&
      c.protocol === 'http:' &&
      c.host === r.host &&
      c.pathname === r.pathname &&
      c.search === r.search,
  ],
];

const url = (s: string): URL | null => {
  try {
    return new URL(s);
  } catch {
    return null;
  }
};

/** Whether a lax switch takes `candidate` for one of `registered`, which the exact match refused. */
export function laxRedirectMatch(switches: Switches, registered: readonly string[], candidate: string): boolean {
  const c = url(candidate);
  if (!c) return false;
  return LAX_MATCHES.some(
    ([flaw, matches]) =>
      isLax(switches, flaw) &&
      registered.some((r) => {
        const parsed = url(r);
        return parsed !== null && matches(parsed, c, candidate, r);
      })
  );
}
