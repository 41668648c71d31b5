import { ProtocolError, PROTOCOL_ERROR } from '../../errors';
import { headerValue, type RawRequest } from '../../http';
import { authorityOf, parseHttpUrl, parseReceivedUrl, type ParsedUrl } from '../../url';
import { splitUrlEncoded, isFormContentType } from '../../url-encoded';
import { parseAuthorizationHeader } from '../header';
import type { ParamSource } from '../parameters';
import { percentDecode, percentEncode } from '../../percent-encoding';
import { parseSignatureMethod, type SignatureMethod } from '../signing';
import { finding, type Finding } from './causes';
import type { DebugRequest } from './request';

/** One parameter as the server receives it: decoded, where it came from, and as it was written on the wire. */
export interface ReceivedParam {
  readonly name: string;
  readonly value: string;
  readonly source: ParamSource;
  /** As written (still percent-encoded, `+` kept); for the header, the value as it was quoted. */
  readonly rawName: string;
  readonly rawValue: string;
}

/** The parts of the request that are signed (RFC 5849 §3.4.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1)), with what the server needs to check them. */
export interface ReceivedRequest {
  /** As sent; the base string upper-cases it (§3.4.1.1). */
  readonly method: string;
  readonly url: ParsedUrl;
  /** The URL's scheme was assumed, not given (a raw request): a signature made with the other one names the guess, not the client. */
  readonly schemeAssumed: boolean;
  /** The scheme and authority as the client wrote them (case kept), for the case mistakes. */
  readonly writtenScheme: string;
  readonly writtenAuthority: string;
  /** What the server sees as the authority: the Host header when sent, else the URL's (§3.4.1.2). */
  readonly authority: string;
  /** Every parameter that is signed: protocol parameters wherever they are, the query, a form body. */
  readonly params: readonly ReceivedParam[];
  readonly placement: ParamSource;
  readonly realm: string | null;
  readonly signature: string;
  readonly signatureMethod: SignatureMethod;
  readonly body?: string;
  readonly contentType?: string;
  readonly isForm: boolean;
  /** Things wrong with the request that are not the signature, or that the server may reject anyway. */
  readonly warnings: readonly Finding[];
}

const STEP = 'debug-request';

/** Splits a query or form body keeping each segment as written; `+` is a space there (§3.4.1.3.1, HTML 4.0 §17.13.4). */
function wireParams(text: string, source: ParamSource): ReceivedParam[] {
  const step = `${source}-parameters` as const;
  return splitUrlEncoded(text).map(({ rawName, rawValue }) => ({
    name: percentDecode(rawName, true, step),
    value: percentDecode(rawValue, true, step),
    source,
    rawName,
    rawValue,
  }));
}

/**
 * Finds the protocol parameters wherever they travel (RFC 5849 §3.5 (https://www.rfc-editor.org/rfc/rfc5849#section-3.5): header, form body or query) and every other
 * signed parameter, the way a server collects them (§3.4.1.3.1). Problems a server would reject regardless of the
 * signature are warnings; a request without oauth_signature or a usable oauth_signature_method is an error.
 */
export function readReceivedRequest(request: RawRequest & Pick<DebugRequest, 'assumedScheme'>): ReceivedRequest {
  const url = parseReceivedUrl(request.url, STEP);
  const written = /^\s*([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)/.exec(request.url)!;
  const hostHeader = headerValue(request.headers, 'host')?.trim();
  const authority = hostHeader ? authorityOf(parseHttpUrl(`${url.scheme}://${hostHeader}/`, STEP)) : authorityOf(url);
  const warnings: Finding[] = [];

  const params: ReceivedParam[] = [];
  let realm: string | null = null;
  const auth = headerValue(request.headers, 'authorization');
  if (auth !== undefined && /^\s*oauth(\s|$)/i.test(auth)) {
    const parsed = parseAuthorizationHeader(auth);
    realm = parsed.realm;
    for (const [name, value] of parsed.params)
      params.push({ name, value, source: 'header', rawName: percentEncode(name), rawValue: percentEncode(value) });
  }
  params.push(...wireParams(url.query ?? '', 'query'));
  const contentType = headerValue(request.headers, 'content-type');
  const isForm = isFormContentType(contentType);
  if (isForm && request.body !== undefined) params.push(...wireParams(request.body, 'body'));

  const oauth = params.filter((p) => p.name.startsWith('oauth_'));
  if (oauth.length === 0) {
    const other =
      auth !== undefined
        ? ` (its Authorization header uses ${JSON.stringify(auth.trim().split(/\s/)[0])}, not OAuth)`
        : '';
    throw new ProtocolError(
      PROTOCOL_ERROR.NO_OAUTH_PARAMETERS,
      STEP,
      `The request carries no oauth_* parameters${other}, so there is no signature to check. The tool that produced it may have left them out (Postman's code snippets did, #1898): copy the request with its Authorization: OAuth header (RFC 5849 §3.5).`
    );
  }
  warnings.push(...placementWarnings(oauth));
  const get = (name: string) => oauth.find((p) => p.name === name)?.value;
  const signature = get('oauth_signature');
  if (signature === undefined)
    throw new ProtocolError(
      PROTOCOL_ERROR.MISSING_SIGNATURE,
      STEP,
      'The request has oauth_* parameters but no oauth_signature (RFC 5849 §3.1); nothing to check.'
    );
  const methodName = get('oauth_signature_method');
  if (methodName === undefined)
    throw new ProtocolError(
      PROTOCOL_ERROR.MISSING_SIGNATURE_METHOD,
      STEP,
      'The request has no oauth_signature_method (RFC 5849 §3.1), so the signature cannot be checked.'
    );
  const signatureMethod = parseSignatureMethod(methodName, STEP);
  if (get('oauth_token') === '')
    warnings.push(
      finding('empty-token', 'oauth_token is sent empty; leave it out when there is no token.', 'oauth_token')
    );

  return {
    method: request.method,
    url,
    schemeAssumed: request.assumedScheme !== undefined,
    writtenScheme: written[1]!,
    writtenAuthority: hostHeader ?? written[2]!,
    authority,
    params,
    placement: oauth[0]!.source,
    realm,
    signature,
    signatureMethod,
    ...(request.body !== undefined ? { body: request.body } : {}),
    ...(contentType !== undefined ? { contentType } : {}),
    isForm,
    warnings,
  };
}

/** Protocol parameters in several places, or one of them repeated: a server rejects the request regardless. */
function placementWarnings(oauth: readonly ReceivedParam[]): Finding[] {
  const warnings: Finding[] = [];
  const places = [...new Set(oauth.map((p) => p.source))];
  if (places.length > 1)
    warnings.push(
      finding(
        'params-several-places',
        `Protocol parameters were found in the ${places.join(' and ')}; all are signed here, but a server rejects the request.`
      )
    );
  const seen = new Set<string>();
  for (const p of oauth) {
    if (seen.has(p.name)) warnings.push(finding('param-repeated', `${p.name} appears more than once.`, p.name));
    seen.add(p.name);
  }
  return warnings;
}
