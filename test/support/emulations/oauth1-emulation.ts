import { parseAuthorizationHeader } from '../../../shared/oauth1';
import { queryOf, type EmulatedResponse, type Route, type SeenRequest } from './provider-emulation';

/** The OAuth protocol parameters of a seen request's Authorization header (RFC 5849 §3.5.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.5.1)), decoded. */
export function oauthParams(request: SeenRequest): Map<string, string> {
  const header = request.headers.authorization;
  return new Map(typeof header === 'string' && /^oauth\s/i.test(header) ? parseAuthorizationHeader(header).params : []);
}

/**
 * An OAuth 1.0a authorization endpoint that approves at once (RFC 5849 §2.2 (https://www.rfc-editor.org/rfc/rfc5849#section-2.2)): 302 to the oauth_callback that came
 * with the request token named in the query, with that token and the verifier.
 */
export const approvingOAuth1Authorize =
  (verifier: string, callbacks: ReadonlyMap<string, string>, extra: Record<string, string> = {}): Route =>
  (request): EmulatedResponse => {
    const token = queryOf(request).get('oauth_token') ?? '';
    const callback = callbacks.get(token);
    if (!callback)
      return { status: 400, headers: { 'Content-Type': 'text/plain' }, body: `unknown request token ${token}` };
    const target = new URL(callback);
    target.searchParams.set('oauth_token', token);
    target.searchParams.set('oauth_verifier', verifier);
    for (const [name, value] of Object.entries(extra)) target.searchParams.set(name, value);
    return { status: 302, headers: { Location: target.toString() } };
  };
