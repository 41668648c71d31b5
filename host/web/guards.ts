import type { IncomingMessage } from 'node:http';
import { TOKEN_HEADER } from './token';

/**
 * The checks that keep other web pages out, before any token is looked at:
 *
 * - Host must be this launch's own name. A DNS-rebinding page (evil.example resolving to 127.0.0.1) reaches our
 *   socket with its own Host, and is refused here; so is 127.0.0.1 itself, whose cookies every local port receives.
 * - Origin, when sent, must be our own. Browsers attach it to every cross-origin request and cannot be made to
 *   lie about it, so another page's fetch is refused even though the request reaches us.
 * - A state-changing request must prove it is same-origin: a matching Origin, or `Sec-Fetch-Site: same-origin`.
 *   Browsers send at least one of them on every POST; a request with neither did not come from our page. The one
 *   exception is a program (curl, a script) that sends the token in the X-OAuth-Lab-Token header: no page can send
 *   that header to another origin without a CORS preflight, which is never answered, and a browser puts Origin on
 *   every cross-origin POST (Fetch, "append a request Origin header"), so a foreign page is still refused above.
 * - No CORS: we never answer a preflight, so no other origin may read anything.
 *
 * Each check returns why it refused (for the 403 body), or null.
 */
export type Refusal = string | null;

/** Header values are echoed back shortened, so the message stays readable whatever a client sent. */
const shown = (value: string) => JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);

/**
 * The Host check (DNS rebinding, and the cookie's scope): only the launch's own name and port (host-name.ts). Not
 * 127.0.0.1 or localhost either: a cookie set under those would reach every port on the machine. The refusal does
 * not spell the name out, since a rebinding page can read it. Returns the accepted host, lower-cased, or a refusal.
 */
export function checkHost(
  req: IncomingMessage,
  hostName: string,
  port: number
): { host: string } | { refusal: string } {
  const host = req.headers.host?.toLowerCase();
  if (host === `${hostName}:${port}`) return { host };
  return {
    refusal: `This OAuth Lab host only answers requests addressed to the name in the URL \`oauth-lab web\` printed (http://oauth-lab-….localhost:${port}/); this one named ${host ? shown(host) : 'no host'} (any other name is refused, against DNS rebinding and so that no other port on this computer ever receives the session cookie).`,
  };
}

/**
 * The Origin and Sec-Fetch-Site checks, for a request whose Host already passed. `host` is that Host: a page's
 * own origin is `http://` + the host it was loaded from, so a same-origin request matches it exactly.
 */
export function checkOrigin(req: IncomingMessage, host: string, isApi: boolean): Refusal {
  const fromProgram = req.headers[TOKEN_HEADER] !== undefined;
  const method = req.method ?? 'GET';
  if (method === 'OPTIONS')
    return 'This OAuth Lab host does not take cross-origin requests, so it answers no CORS preflight.';
  const origin = req.headers.origin;
  const own = `http://${host}`;
  if (origin !== undefined && origin !== own) {
    return `Requests from other pages are refused: the Origin ${shown(origin)} is not ${own}. Use OAuth Lab from its own page.`;
  }
  const site = req.headers['sec-fetch-site'];
  // Our own page only ever calls the API same-origin; anything else (a link, another port, another site) is not us.
  if (isApi && site !== undefined && site !== 'same-origin') {
    return `API requests must come from OAuth Lab's own page; this one came from a ${shown(site)} context.`;
  }
  const safe = method === 'GET' || method === 'HEAD';
  if (!safe && origin === undefined && site !== 'same-origin' && !fromProgram) {
    return `A ${method} request must carry an Origin of ${own} or Sec-Fetch-Site: same-origin, as browsers send for OAuth Lab's own page, or (from a program) the token in the X-OAuth-Lab-Token header.`;
  }
  return null;
}
