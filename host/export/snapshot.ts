import { createRequire } from 'node:module';
import type { HTTPSnippet } from 'httpsnippet';
import { headerValue, type RawRequest } from '../../shared/http';
import { authorityOf, parseHttpUrl } from '../../shared/url';
import { toHarRequest, wireUrl } from './har';
import { CLIENTS, type SnippetTargetId } from './snapshot-clients';
import { SNAPSHOT_FIXES } from './snapshot-fixes';
import { ExportError } from './types';

/**
 * httpsnippet, required when the first snapshot is written: loading it takes longer than starting Node, and most of
 * what imports the export targets (`oauth-lab sign`'s trace and its --help, the app's menus) never writes one.
 */
const httpSnippet = (): typeof HTTPSnippet =>
  (createRequire(import.meta.url)('httpsnippet') as { HTTPSnippet: typeof HTTPSnippet }).HTTPSnippet;

/**
 * Given as the body's MIME type so httpsnippet keeps the body text as it is. With the real form type it rebuilds
 * the body from decoded `params`, and several clients then encode it their own way (curl sends `a=b c` and `+`
 * raw, which a server reads as a space) or lose repeated names (objects in JS, C# dictionaries): either changes
 * what an OAuth 1.0a signature covers. The Content-Type header still says what the body is.
 */
const OPAQUE = 'application/octet-stream';

/**
 * Host, Content-Length and Connection are set by every HTTP client from the URL and the body (the transport
 * records them as sent). Written into code they go stale when the user edits the body, and java.net.http refuses
 * them. A Host that differs from the URL's authority is kept: a server may sign with it (RFC 5849 §3.4.1.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.2)).
 */
function withoutTransportHeaders(r: RawRequest): RawRequest {
  let authority: string | null = null;
  try {
    authority = authorityOf(parseHttpUrl(r.url));
  } catch {
    // Not an http(s) URL: httpsnippet says so below.
  }
  return {
    ...r,
    headers: r.headers.filter(
      ([n, v]) =>
        !['content-length', 'connection'].includes(n.toLowerCase()) &&
        !(n.toLowerCase() === 'host' && v.trim().toLowerCase() === authority)
    ),
  };
}

/**
 * Code that sends this request, written by httpsnippet from the HAR request. httpsnippet normalizes the URL with
 * Node's url module: the query is re-encoded (`+` as %20, `$` as %24), which a server that decodes the query as
 * a form (RFC 5849 §3.4.1.3.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.3.1)) reads as the same parameters. The path
 * it keeps as given: the app sends paths in a form that module leaves alone (shared/url.ts).
 */
export function snippetOf(target: SnippetTargetId, request: RawRequest): string {
  const r = withoutTransportHeaders({ ...request, url: wireUrl(request.url) });
  const har = toHarRequest(r);
  const input = {
    ...har,
    headers: [...har.headers],
    cookies: [...har.cookies],
    queryString: [...har.queryString],
    postData: har.postData ? { mimeType: OPAQUE, text: har.postData.text } : { mimeType: OPAQUE },
  };
  let snippet: HTTPSnippet;
  try {
    const Snippet = httpSnippet();
    snippet = new Snippet(input as unknown as ConstructorParameters<typeof HTTPSnippet>[0]);
  } catch (e) {
    throw new ExportError('snippet_failed', `httpsnippet could not read the request: ${(e as Error).message}`);
  }
  const [targetId, clientId] = CLIENTS[target];
  const code = snippet.requests.length ? snippet.convert(targetId, clientId) : false;
  // httpsnippet drops a request that fails its HAR validation and then returns no code at all.
  if (typeof code !== 'string')
    throw new ExportError(
      'snippet_failed',
      `httpsnippet wrote no ${target} code for ${request.method} ${request.url}: the request is not valid HAR (check the method and URL).`
    );
  const { fullUrl } = snippet.requests[0] as unknown as { readonly fullUrl: string }; // its HAR types do not resolve
  const fix = SNAPSHOT_FIXES[target];
  return fix
    ? fix(code, {
        fullUrl,
        body: r.body,
        contentType: headerValue(r.headers, 'content-type'),
        headerValues: r.headers.map(([, v]) => v),
      })
    : code;
}
