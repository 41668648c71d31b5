import { headerValue, type RawRequest } from '../http';
import { CLIENT_ASSERTION_TYPE, type AssertionMethod } from './client-assertion';
import { formDecode, formEncode } from '../url-encoded';

/**
 * The assertion signed into a request as it is sent: the token, refresh, revocation and introspection requests
 * carry `client_assertion_type` (token-request.ts), and `client_assertion` is added with a freshly signed JWT by the
 * flow driver's decorator (flows/driver/client-auth-port.ts), so a resend or an edited draft never repeats a jti
 * (RFC 7523 §3 item 7). One decorator for the app and the CLI.
 */

/** Where the assertion's aud points (RFC 7523 §3 item 3): providers differ, some take only one. */
export const ASSERTION_AUDIENCES = ['token_endpoint', 'issuer'] as const;

export interface ClientAssertionSettings {
  readonly method: AssertionMethod;
  readonly clientId: string;
  /** client_secret_jwt: the client secret; private_key_jwt: the private key's PEM or JWK text. */
  readonly key: string;
  readonly alg: string | null;
  readonly kid: string | null;
  /** The aud value itself: the token endpoint's URL or the issuer. */
  readonly audience: string;
}

const STEP = 'client-assertion';

const isJson = (r: RawRequest) => /^application\/json\b/i.test(headerValue(r.headers, 'content-type') ?? '');

/** The body's fields; a body that does not parse (an edited draft) has none, so it asks for no assertion. */
function bodyFields(r: RawRequest): Record<string, unknown> {
  if (!r.body) return {};
  try {
    if (!isJson(r)) return Object.fromEntries(formDecode(r.body, STEP));
    const parsed: unknown = JSON.parse(r.body);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The request asks for an assertion (client_assertion_type is the JWT bearer type) and has none yet. */
export function wantsClientAssertion(r: RawRequest): boolean {
  const fields = bodyFields(r);
  return fields.client_assertion_type === CLIENT_ASSERTION_TYPE && fields.client_assertion === undefined;
}

/** The request with client_assertion added to its form or JSON body (RFC 7523 §2.2). */
export function withAssertion(request: RawRequest, assertion: string): RawRequest {
  const body = isJson(request)
    ? JSON.stringify({ ...bodyFields(request), client_assertion: assertion })
    : `${request.body}&${formEncode([['client_assertion', assertion]])}`;
  return { ...request, body };
}
