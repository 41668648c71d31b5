import { ProtocolError } from '../shared/errors';
import { parseAuthorizationHeader, type ParamSource } from '../shared/oauth1';
import type { Param } from '../shared/url-encoded';
import type { ProblemReport } from '../shared/oauth1/problems';
import { decodeFormBody, decodeParams, headerValues, mediaType, type ProviderRequest } from './http';

/**
 * Step one of verification: find the protocol parameters. RFC 5849 §3.5 (https://www.rfc-editor.org/rfc/rfc5849#section-3.5) allows the Authorization header, the form
 * body or the query, but "one and only one" of them; names may not repeat (§3.1 item 2, §3.2).
 */
const KNOWN_PROTOCOL_PARAMETERS = new Set([
  'oauth_consumer_key',
  'oauth_token',
  'oauth_signature_method',
  'oauth_signature',
  'oauth_timestamp',
  'oauth_nonce',
  'oauth_version',
  'oauth_callback',
  'oauth_verifier',
  'oauth_body_hash',
]);

export interface Collected {
  readonly placement: ParamSource;
  /** Protocol parameters, by name (each appears once). */
  readonly oauth: ReadonlyMap<string, string>;
  /** The same, as sent. */
  readonly params: readonly Param[];
  /** Query and form-body parameters that are not protocol parameters. */
  readonly query: readonly Param[];
  readonly body: readonly Param[];
  readonly isForm: boolean;
}

export type CollectResult =
  | { readonly ok: true; readonly value: Collected }
  | { readonly ok: false; readonly report: ProblemReport; readonly noCredentials?: boolean };

const isOauth = ([n]: Param) => n.startsWith('oauth_');
const isKnown = ([n]: Param) => KNOWN_PROTOCOL_PARAMETERS.has(n);
const rejected = (advice: string, names?: string[]): CollectResult => ({
  ok: false,
  report: { problem: 'parameter_rejected', advice, ...(names?.length ? { parametersRejected: names } : {}) },
});
const SCHEME = /^\s*(\S*)/;
const NO_PARAMS: readonly Param[] = [];
const NO_QUERY = { ok: true, params: NO_PARAMS } as const;

/** Splits parameters into protocol parameters and the others, keeping the order of each. */
function split(params: readonly Param[]): { oauth: readonly Param[]; other: readonly Param[] } {
  if (params.length === 0) return { oauth: NO_PARAMS, other: NO_PARAMS };
  const oauth: Param[] = [];
  const other: Param[] = [];
  for (const p of params) (isOauth(p) ? oauth : other).push(p);
  return { oauth, other };
}

/** The Authorization header's protocol parameters (RFC 5849 §3.5.1), or the other scheme it uses, or why it is refused. */
function headerParameters(
  req: ProviderRequest
): CollectResult | { readonly params: readonly Param[]; readonly foreignScheme: string | null } {
  const auths = headerValues(req, 'authorization');
  if (auths.length > 1)
    return rejected(`The request has ${auths.length} Authorization headers; send exactly one (RFC 9110 §11.6.2).`);
  const auth = auths[0];
  if (auth === undefined) return { params: NO_PARAMS, foreignScheme: null };
  const scheme = SCHEME.exec(auth)![1]!;
  if (scheme.toLowerCase() !== 'oauth') return { params: NO_PARAMS, foreignScheme: scheme };
  let params: readonly Param[];
  try {
    params = parseAuthorizationHeader(auth).params;
  } catch (e) {
    if (e instanceof ProtocolError)
      return rejected(
        `Malformed Authorization header: ${e.message} Expected OAuth name="value", name="value", … with percent-encoded values (RFC 5849 §3.5.1).`
      );
    throw e;
  }
  if (!params.every(isOauth)) {
    const stray = params.filter((p) => !isOauth(p)).map(([n]) => n);
    return rejected(
      `The Authorization header may carry only oauth_ protocol parameters (and realm); found ${stray.map((n) => JSON.stringify(n)).join(', ')}. Send other parameters in the query or the form body.`,
      stray
    );
  }
  return { params, foreignScheme: null };
}

/** No protocol parameters anywhere: another scheme's header is named, else the credentials are said to be absent. */
function noParameters(foreignScheme: string | null): CollectResult {
  if (foreignScheme !== null)
    return rejected(
      `The Authorization header uses the scheme ${JSON.stringify(foreignScheme)}; this endpoint expects "OAuth" followed by the signed protocol parameters (RFC 5849 §3.5.1).`
    );
  return {
    ok: false,
    noCredentials: true,
    report: {
      problem: 'parameter_absent',
      advice:
        'The request carries no OAuth credentials. Send an Authorization: OAuth header with oauth_consumer_key, oauth_signature_method, oauth_timestamp, oauth_nonce, oauth_version and oauth_signature (RFC 5849 §3.5.1).',
      parametersAbsent: [
        'oauth_consumer_key',
        'oauth_signature_method',
        'oauth_signature',
        'oauth_timestamp',
        'oauth_nonce',
      ],
    },
  };
}

/** The parameters of the one place used, refused when a name repeats (§3.1, §3.2) or is not one this provider knows. */
function repeatedOrUnknown(params: readonly Param[], size: number): CollectResult | null {
  if (size !== params.length) {
    const counts = new Map<string, number>();
    for (const [n] of params) counts.set(n, (counts.get(n) ?? 0) + 1);
    const dupes = [...counts].filter(([, c]) => c > 1).map(([n]) => n);
    return rejected(
      `Protocol parameter${dupes.length > 1 ? 's' : ''} ${dupes.join(', ')} appear${dupes.length > 1 ? '' : 's'} more than once; each may be sent only once (RFC 5849 §3.1, §3.2).`,
      dupes
    );
  }
  if (!params.every(isKnown)) {
    const unknown = params.filter((p) => !isKnown(p)).map(([n]) => n);
    return rejected(
      `Unsupported protocol parameter${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; this provider understands ${[...KNOWN_PROTOCOL_PARAMETERS].join(', ')} (RFC 5849 §3.2).`,
      unknown
    );
  }
  return null;
}

export function collectProtocolParameters(req: ProviderRequest, headerOnly: boolean): CollectResult {
  const header = headerParameters(req);
  if ('ok' in header) return header;
  const headerParams = header.params;
  // RFC 5849 §3.4.1.3.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.3.1): the query is decoded as application/x-www-form-urlencoded, so '+' is a space (as oauthlib does).
  const q = req.query ? decodeParams(req.query, true, 'query string') : NO_QUERY;
  if (!q.ok) return rejected(q.message);
  const isForm = mediaType(req) === 'application/x-www-form-urlencoded';
  let bodyParams: readonly Param[] = NO_PARAMS;
  if (isForm) {
    const b = decodeFormBody(req);
    if (!b.ok) return rejected(b.message);
    bodyParams = b.params;
  }
  const query = split(q.params);
  const body = split(bodyParams);
  const used: [ParamSource, readonly Param[]][] = [];
  if (headerParams.length) used.push(['header', headerParams]);
  if (query.oauth.length) used.push(['query', query.oauth]);
  if (body.oauth.length) used.push(['body', body.oauth]);
  if (used.length > 1) {
    return rejected(
      `Protocol parameters were found in more than one place (${used.map(([s]) => s).join(' and ')}); RFC 5849 §3.5 allows one and only one: the Authorization header, the form body or the query.`,
      [...new Set(used.slice(1).flatMap(([, ps]) => ps.map(([n]) => n)))]
    );
  }
  if (used.length === 0) return noParameters(header.foreignScheme);
  const [placement, params] = used[0]!;
  if (headerOnly && placement !== 'header')
    return rejected(
      `Protocol parameters were sent in the ${placement}; this provider takes them in the Authorization header only, as the service describes (switch oauth1HeaderOnly).`
    );
  const oauth = new Map(params);
  const refused = repeatedOrUnknown(params, oauth.size);
  if (refused) return refused;
  return { ok: true, value: { placement, oauth, params, query: query.other, body: body.other, isForm } };
}
