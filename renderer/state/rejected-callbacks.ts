import type { EventPayload } from '../../shared/bridge/contract';

/** A request to this flow's callback that the catcher refused because it was not this flow's. */
export interface RejectedCallback {
  readonly at: number;
  /** The query as it came (the view masks codes and tokens in it). */
  readonly query: string;
  /** Why it was refused, one line. */
  readonly reason: string;
}

/** What names a flow's genuine callback: its state (OAuth 2), or its request token (OAuth 1.0a). */
const KEYS = {
  oauth2: { names: ['state'], shown: 'state', cite: 'RFC 6749 §10.12' },
  oauth1: { names: ['oauth_token', 'denied'], shown: 'oauth_token', cite: 'RFC 5849 §2.2' },
} as const;

/**
 * The catcher's `unmatched` event as a rejected attempt on the flow waiting at `catcherUri` (same port and path),
 * or null when the event is something else. Any web page can make the browser request the callback URL (an
 * `<img>`); only the provider knows the flow's state or request token, so such a request is refused and the flow
 * keeps waiting for its own callback.
 */
export function rejectedCallbackOf(
  event: EventPayload<'catcherEvent'>,
  catcherUri: string | null,
  kind: keyof typeof KEYS
): RejectedCallback | null {
  if (event.type !== 'callback' || event.outcome !== 'unmatched' || !catcherUri) return null;
  let url: URL;
  let mine: URL;
  try {
    url = new URL(event.url);
    mine = new URL(catcherUri);
  } catch {
    return null;
  }
  if (url.port !== mine.port || url.pathname !== mine.pathname) return null;
  const key = KEYS[kind];
  const carried = event.params.filter(([n]) => (key.names as readonly string[]).includes(n)).length;
  const what = carried === 0 ? `No ${key.shown}` : carried > 1 ? `${key.shown} more than once` : `Another ${key.shown}`;
  const q = event.url.indexOf('?');
  return {
    at: event.at,
    query: q < 0 ? '' : event.url.slice(q + 1),
    reason: `${what}: a request that is not this flow's, e.g. from another web page (${key.cite})`,
  };
}
