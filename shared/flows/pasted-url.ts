import { ProtocolError, PROTOCOL_ERROR } from '../errors';
import { type Param, formDecode } from '../url-encoded';

/**
 * The query of the URL the browser landed on, pasted from its address bar when the redirect could not reach the
 * catcher (a fixed registered URL, an https URL, a name such as an eBay RuName). Any scheme is accepted, since the
 * page may not exist; the parameters are the redirect's query (RFC 6749 §4.1.2 (https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2), RFC 5849 §2.2 (https://www.rfc-editor.org/rfc/rfc5849#section-2.2)).
 */
export function pastedQuery(text: string): { readonly query: string; readonly params: Param[] } {
  const url = text.trim();
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url))
    throw new ProtocolError(
      PROTOCOL_ERROR.INVALID_PASTED_URL,
      'authorize',
      `The pasted text ${JSON.stringify(url.slice(0, 80))} is not a URL; copy the whole address from the browser's address bar (it starts with https:// or http://).`
    );
  const q = url.indexOf('?');
  if (q < 0)
    throw new ProtocolError(
      PROTOCOL_ERROR.INVALID_PASTED_URL,
      'authorize',
      'The pasted URL has no query: the redirect carries its parameters there (code and state, or oauth_token and oauth_verifier); copy the address after the provider redirected.'
    );
  const query = url.slice(q + 1).replace(/#.*$/s, '');
  return { query, params: formDecode(query, 'authorize') };
}

/**
 * When the pasted URL is the authorization request itself (the authorization endpoint's address, or a query with
 * response_type and client_id, RFC 6749 §4.1.1), what it means: the browser was never sent back. A provider that
 * refuses the redirect URI shows its error at that address and does not redirect (§4.1.2.1), so the likely cause is
 * redirect_uri_mismatch. Null for any other URL.
 */
export function authorizationRequestPasted(text: string, authorizeUrl: string, redirectUri: string): string | null {
  // RFC 3986 Appendix B: scheme and authority, path, query.
  const split = (url: string) => /^([^:/?#]+:\/\/[^/?#]*)([^?#]*)(?:\?([^#]*))?/s.exec(url.trim());
  const pasted = split(text);
  const sent = split(authorizeUrl);
  if (!pasted || !sent) return null;
  const [, origin = '', path = ''] = pasted;
  let names: Set<string>;
  try {
    names = new Set(formDecode(pasted[3] ?? '', 'authorize').map(([n]) => n));
  } catch {
    return null;
  }
  const sameEndpoint = origin.toLowerCase() === sent[1]!.toLowerCase() && path === sent[2];
  if (!sameEndpoint && !(names.has('response_type') && names.has('client_id'))) return null;
  if (names.has('code') || names.has('error')) return null;
  return (
    `The pasted URL is the authorization request's own URL (${origin}${path}, with ` +
    `${sameEndpoint ? 'the parameters the app sent' : 'response_type and client_id'}), not the redirect back: the ` +
    `provider did not send the browser back. When its page shows an error about the redirect URI, that is ` +
    `redirect_uri_mismatch: the redirect_uri sent, ${redirectUri}, must be registered for this client exactly ` +
    `(RFC 6749 §3.1.2.2, §4.1.2.1). Register it (or set the profile's redirect URI to the registered one) and open ` +
    `the page again; the app is still waiting.`
  );
}
