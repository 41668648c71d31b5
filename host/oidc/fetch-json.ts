import { getJsonFollowingRedirects, type FetchedJson } from '../../shared/oidc';
import { send, TransportError, type SendOptions } from '../../platform/node/transport';

/**
 * The most of a discovery document or JWKS read unless the caller sets its own limit: real ones are a few KiB, so a
 * body past 1 MiB is cut off there and its connection closed rather than read whole (the transport's bounded reader).
 */
const JSON_DOCUMENT_MAX_BYTES = 1024 * 1024;

/**
 * GETs a JSON document (discovery, JWKS) through the app's transport, its redirects followed (shared/oidc
 * json-document.ts); any failure is an Error saying what went wrong.
 */
export function fetchJson(url: string, options: SendOptions = {}): Promise<FetchedJson> {
  const bounded = { ...options, maxResponseBytes: options.maxResponseBytes ?? JSON_DOCUMENT_MAX_BYTES };
  return getJsonFollowingRedirects(url, async (at) => {
    try {
      return (await send({ method: 'GET', url: at, headers: [['Accept', 'application/json']] }, bounded)).response;
    } catch (e) {
      if (e instanceof TransportError) throw new Error(e.message, { cause: e });
      throw e;
    }
  });
}
