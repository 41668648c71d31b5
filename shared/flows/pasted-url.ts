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
