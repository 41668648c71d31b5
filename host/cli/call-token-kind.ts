import { endpointUrl } from '../../shared/flows';
import type { Profile } from '../../shared/store/profile';
import type { SavedToken } from '../../shared/store/saved-token';

/** The kind of saved token a call needs, and why, as said on stderr. */
export interface TokenNeed {
  readonly kind: SavedToken['kind'];
  readonly why: string;
}

export const KIND_NAMES: Readonly<Record<SavedToken['kind'], string>> = { oauth1: 'OAuth 1.0a', oauth2: 'OAuth 2' };

/** The flags that say a call's protocol, first match wins: each one goes with one kind of credentials only. */
const FLAG_KINDS: readonly (readonly [string, SavedToken['kind'], string])[] = [
  ['dpop', 'oauth2', '--dpop proves possession of an OAuth 2 token'],
  ['bearer-in', 'oauth2', '--bearer-in places an OAuth 2 bearer token'],
  ['consumer-key', 'oauth1', '--consumer-key signs with OAuth 1.0a'],
  ['signature-method', 'oauth1', '--signature-method signs with OAuth 1.0a'],
];

/** A URL without its query and fragment, to compare endpoints. */
const bare = (url: string) => url.replace(/[?#].*$/, '').replace(/\/+$/, '');

/**
 * Which kind of token the request needs: said by a flag, by the URL when it is one of the profile's API endpoints,
 * or by the profile when it holds one protocol's credentials only. Null when nothing says (the newest of any kind).
 */
export function tokenKindNeeded(
  flags: Readonly<Record<string, unknown>>,
  profile: Profile,
  request: { readonly url: string; readonly baseUrl: string | undefined }
): TokenNeed | null {
  const flagged = FLAG_KINDS.find(([flag]) => flags[flag] !== undefined && flags[flag] !== false);
  if (flagged) return { kind: flagged[1], why: flagged[2] };
  for (const kind of ['oauth1', 'oauth2'] as const) {
    const api = profile[kind].apiPath;
    if (!/^https?:/i.test(api) && !request.baseUrl) continue;
    if (bare(request.url) === bare(endpointUrl(request.baseUrl ?? '', api)))
      return { kind, why: `the URL is the profile's ${KIND_NAMES[kind]} API endpoint` };
  }
  const oauth1 = profile.oauth1.consumerKey.trim() !== '';
  const oauth2 = profile.oauth2.clientId.trim() !== '';
  if (oauth1 !== oauth2) {
    const kind = oauth1 ? 'oauth1' : 'oauth2';
    return { kind, why: `the profile has ${KIND_NAMES[kind]} credentials only` };
  }
  return null;
}
