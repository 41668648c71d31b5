import { getJsonFollowingRedirects, type FetchedJson } from '../../shared/oidc';
import { send, TransportError, type SendOptions } from '../transport';

/**
 * GETs a JSON document (discovery, JWKS) through the app's transport, its redirects followed (shared/oidc
 * json-document.ts); any failure is an Error saying what went wrong.
 */
export function fetchJson(url: string, options: SendOptions = {}): Promise<FetchedJson> {
  return getJsonFollowingRedirects(url, async (at) => {
    try {
      return (await send({ method: 'GET', url: at, headers: [['Accept', 'application/json']] }, options)).response;
    } catch (e) {
      if (e instanceof TransportError) throw new Error(e.message, { cause: e });
      throw e;
    }
  });
}
