import { ProtocolError, PROTOCOL_ERROR } from '../../errors';
import { headerValue, HTTP_TOKEN, type RawRequest } from '../../http';
import { parseHttpUrl } from '../../url';
import { parseAuthorizationHeader } from '../header';
import { FORM_CONTENT_TYPE } from '../../url-encoded';

/** Where the debugger's request came from: a pasted HTTP request, a curl command, or separate fields. */
export type RequestOrigin = 'http' | 'curl' | 'fields';

/**
 * A request as the user had it, ready to be checked: what goes on the wire (method, absolute URL with its query,
 * headers in order, body), plus what the parser had to assume, in words, so nothing is guessed silently.
 */
export interface DebugRequest extends RawRequest {
  readonly origin: RequestOrigin;
  readonly notes: readonly string[];
  /** Set when the scheme was not given but assumed (a raw request's text does not show it); shown beside the verdict. */
  readonly assumedScheme?: AssumedScheme;
}

/** The scheme a request was read with when nobody said which: the choice, and the reason in words. */
export interface AssumedScheme {
  readonly scheme: 'http' | 'https';
  readonly note: string;
}

/** Method + URL + body + Authorization header, as separate fields (a form, or `oauth-lab debug --url ...`). */
export interface RequestFields {
  /** Default GET, or POST when there is a body. */
  readonly method?: string | null;
  /** The absolute URL, query included. */
  readonly url: string;
  readonly body?: string | null;
  /** Default application/x-www-form-urlencoded when there is a body (said in a note). */
  readonly contentType?: string | null;
  /** The Authorization header's value; a leading `Authorization:` is accepted too. */
  readonly authorization?: string | null;
  /** Any other header, e.g. Host when the server sees another name than the URL's. */
  readonly headers?: readonly (readonly [string, string])[];
}

const STEP = 'request-fields';

export function requestFromFields(fields: RequestFields): DebugRequest {
  const notes: string[] = [];
  const body = fields.body ?? undefined;
  const method = fields.method?.trim() || (body !== undefined ? 'POST' : 'GET');
  if (!HTTP_TOKEN.test(method))
    throw new ProtocolError(
      PROTOCOL_ERROR.INVALID_METHOD,
      STEP,
      `The method ${JSON.stringify(method)} is not an HTTP method token; expected e.g. GET or POST.`
    );
  parseHttpUrl(fields.url, STEP);
  const headers: [string, string][] = [];
  for (const [name, value] of fields.headers ?? []) {
    if (!HTTP_TOKEN.test(name))
      throw new ProtocolError(
        PROTOCOL_ERROR.INVALID_HEADER,
        STEP,
        `Header name ${JSON.stringify(name)} is not a token (RFC 9110 §5.1).`
      );
    headers.push([name, value]);
  }
  if (fields.authorization != null && fields.authorization.trim() !== '') {
    const value = fields.authorization.trim().replace(/^authorization\s*:\s*/i, '');
    // Parsed now so a malformed header is reported as the input's fault, with the position, before anything else.
    if (/^oauth(\s|$)/i.test(value)) parseAuthorizationHeader(value);
    headers.push(['Authorization', value]);
  }
  let contentType = fields.contentType?.trim() || headerValue(headers, 'content-type');
  if (body !== undefined && !contentType) {
    contentType = FORM_CONTENT_TYPE;
    notes.push(
      `No content type was given for the body; ${FORM_CONTENT_TYPE} is assumed, so its parameters are signed (RFC 5849 §3.4.1.3.1).`
    );
  }
  if (contentType && !headerValue(headers, 'content-type')) headers.push(['Content-Type', contentType]);
  return { origin: 'fields', method, url: fields.url.trim(), headers, ...(body !== undefined ? { body } : {}), notes };
}
