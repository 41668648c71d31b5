import { isFormContentType, parseUrlEncoded, type Param } from '../url-encoded';

/** Where a parameter travels (RFC 5849 §3.5 (https://www.rfc-editor.org/rfc/rfc5849#section-3.5) and §3.4.1.3.1), in §3.5's order of preference. */
export const PARAM_SOURCES = ['header', 'query', 'body'] as const;
export type ParamSource = (typeof PARAM_SOURCES)[number];

/**
 * §3.4.1.3.1: the query component is parsed "as an application/x-www-form-urlencoded string" (W3C HTML 4.0
 * §17.13.4), so `+` is a space there too; a literal plus is sent as %2B.
 */
export function queryParameters(query: string): Param[] {
  return parseUrlEncoded(query, true, 'query-parameters');
}

/**
 * §3.4.1.3.1: an entity body is signed only when it is single-part application/x-www-form-urlencoded; it is then
 * decoded with `+` as a space (W3C HTML 4.0 §17.13.4). Any other body contributes no parameters.
 */
export function formBodyParameters(body: string | undefined, contentType: string | undefined | null): Param[] {
  if (body === undefined || !isFormContentType(contentType)) return [];
  return parseUrlEncoded(body, true, 'body-parameters');
}
