import { ProtocolError, PROTOCOL_ERROR, type ProtocolStep } from '../../errors';
import { HTTP_TOKEN } from '../../http';
import { type Param, splitUrlEncoded } from '../../url-encoded';
import { percentDecode } from '../../percent-encoding';

/** A signature base string split into its three parts (RFC 5849 §3.4.1.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.1)), each decoded once. */
export interface ParsedBaseString {
  readonly text: string;
  readonly method: string;
  /** The base string URI (§3.4.1.2). */
  readonly uri: string;
  /** The normalized parameter string (§3.4.1.3.2). */
  readonly normalized: string;
  /** Its `name=value` pairs, still encoded once, in the order written. */
  readonly params: readonly Param[];
}

/**
 * Reads a base string a server (or a client library) printed: METHOD&URI&PARAMETERS, the last two
 * percent-encoded so that no raw & is left in them. Surrounding white space and quotes from a log line are
 * dropped; anything else that does not fit is an error saying which part.
 */
export function parseBaseString(text: string, step: ProtocolStep = 'base-string'): ParsedBaseString {
  const t = text
    .trim()
    .replace(/^(["'])(.*)\1$/s, '$2')
    .trim();
  const fail = (why: string): never => {
    throw new ProtocolError(
      PROTOCOL_ERROR.INVALID_BASE_STRING,
      step,
      `This is not a signature base string: ${why} Expected METHOD&URI&PARAMETERS with the URI and parameters percent-encoded, e.g. GET&https%3A%2F%2Fapi.example.com%2F&a%3D1 (RFC 5849 §3.4.1.1).`
    );
  };
  if (t === '') fail('it is empty.');
  const parts = t.split('&');
  if (parts.length !== 3)
    fail(
      `it has ${parts.length} parts separated by &, not 3${parts.length > 3 ? ' (is it decoded? the parameters must stay encoded, & as %26)' : ''}.`
    );
  const [method, rawUri, rawParams] = parts as [string, string, string];
  if (!HTTP_TOKEN.test(method)) fail(`the method ${JSON.stringify(method)} is not an HTTP method.`);
  let uri = '';
  let normalized = '';
  try {
    uri = percentDecode(rawUri, false, step);
    normalized = percentDecode(rawParams, false, step);
  } catch (e) {
    fail((e as Error).message);
  }
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(uri))
    fail(`its second part, ${JSON.stringify(uri)}, is not an absolute URI.`);
  const params = splitUrlEncoded(normalized).map((p): Param => [p.rawName, p.rawValue]);
  return { text: t, method: percentDecode(method, false, step), uri, normalized, params };
}
