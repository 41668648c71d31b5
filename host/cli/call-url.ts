import { endpointUrl } from '../../shared/flows';
import { parseHttpUrl } from '../../shared/url';
import { UsageError } from './io';

/**
 * The request's URL: a full http(s) URL as given, or a path (RFC 3986 §4.2 (https://www.rfc-editor.org/rfc/rfc3986#section-4.2)) on the profile's base URL or --base-url,
 * joined as the flows join a profile's endpoint paths.
 */
export function requestUrl(given: string, baseUrl: string | undefined, profileName: string | null): string {
  let url = given;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(given)) {
    if (!given.startsWith('/'))
      throw new UsageError(`--url ${JSON.stringify(given)}: expected a full http(s) URL or a path starting with "/".`);
    if (!baseUrl)
      throw new UsageError(
        profileName === null
          ? `--url ${given} is a path: give a full URL, or --profile NAME (or --base-url URL) to resolve it against.`
          : `--url ${given} is a path, and the profile "${profileName}" has no base URL (the built-in mock's changes with every start): give --base-url http://127.0.0.1:PORT or a full --url.`
      );
    url = endpointUrl(baseUrl, given);
  }
  try {
    parseHttpUrl(url);
  } catch (e) {
    throw new UsageError(`--url: ${(e as Error).message}`);
  }
  return url;
}
