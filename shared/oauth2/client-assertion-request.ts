import { ProtocolError, PROTOCOL_ERROR } from '../errors';
import { headerValue, type RawRequest } from '../http';
import type { JoseSignPort, RandomPort } from '../ports';
import {
  buildClientAssertion,
  CLIENT_ASSERTION_TYPE,
  type AssertionMethod,
  type ClientAssertionTrace,
} from './client-assertion';
import { formDecode, formEncode } from '../url-encoded';

/**
 * The assertion signed into a request as it is sent: the token, refresh, revocation and introspection requests
 * carry `client_assertion_type` (token-request.ts), and here `client_assertion` is added with a freshly signed
 * JWT, so a resend or an edited draft never repeats a jti (RFC 7523 §3 item 7). One function for the app and the CLI.
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

export interface AssertionPorts {
  readonly random: RandomPort;
  readonly jose: JoseSignPort;
  /** Milliseconds since the epoch. */
  readonly now: number;
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

/**
 * The request with a signed client_assertion added, and the assertion's trace; the request unchanged (trace null)
 * when it does not ask for one.
 */
export async function withClientAssertion(
  request: RawRequest,
  settings: ClientAssertionSettings | null,
  ports: AssertionPorts
): Promise<{ request: RawRequest; trace: ClientAssertionTrace | null }> {
  if (!wantsClientAssertion(request)) return { request, trace: null };
  if (!settings)
    throw new ProtocolError(
      PROTOCOL_ERROR.INVALID_PRIVATE_KEY,
      STEP,
      'The request asks for a client assertion (client_assertion_type) but the client authentication is not client_secret_jwt or private_key_jwt.'
    );
  const trace = await buildClientAssertion(
    { ...settings, issuedAt: Math.floor(ports.now / 1000) },
    { random: ports.random, jose: ports.jose }
  );
  return { request: withAssertion(request, trace.assertion), trace };
}

/** The request with client_assertion added to its form or JSON body (RFC 7523 §2.2). */
export function withAssertion(request: RawRequest, assertion: string): RawRequest {
  const body = isJson(request)
    ? JSON.stringify({ ...bodyFields(request), client_assertion: assertion })
    : `${request.body}&${formEncode([['client_assertion', assertion]])}`;
  return { ...request, body };
}
