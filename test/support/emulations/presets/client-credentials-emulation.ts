import { jwtVerify, decodeProtectedHeader } from 'jose';
import { json, startEmulation, type EmulatedResponse, type Emulation, type SeenRequest } from '../provider-emulation';
import { EMULATED_CLIENT, EMULATED_KEY } from './preset-emulation';

/**
 * A token endpoint that grants client credentials (RFC 6749 §4.4.2 (https://www.rfc-editor.org/rfc/rfc6749#section-4.4.2)) as a provider documents it: the client
 * authenticates with its secret the documented way, or (where the provider takes one) with a private_key_jwt
 * assertion (RFC 7523 §3 (https://www.rfc-editor.org/rfc/rfc7523#section-3)) signed by EMULATED_KEY, with aud the token endpoint URL, a fresh jti, and the key
 * named in the header the documented way; then the provider's own requirements (`check`) and its answer.
 */
export interface ClientCredentialsEmulationOptions {
  readonly tokenPath: string;
  readonly clientAuth: 'body' | 'basic';
  readonly privateKeyJwt?: { readonly alg: string; readonly keyHeader: 'kid' | 'x5t#S256' };
  /** A documented requirement of the token request: a refusal, or null to go on. */
  readonly check?: (form: URLSearchParams) => EmulatedResponse | null;
  readonly tokenResponse: (form: URLSearchParams) => EmulatedResponse;
  /** A protected resource on the same server: 200 for a token this endpoint issued, else 401 (RFC 6750 §3.1). */
  readonly apiPath?: string;
}

export interface ClientCredentialsEmulation {
  readonly main: Emulation;
  granted(): boolean;
}

const invalidClient = (why: string) => json({ error: 'invalid_client', error_description: why }, 401);

function secretRefusal(request: SeenRequest, form: URLSearchParams, auth: 'body' | 'basic'): EmulatedResponse | null {
  const basic = /^Basic\s+(\S+)$/i.exec(String(request.headers.authorization ?? ''))?.[1];
  const [id, secret] = basic
    ? Buffer.from(basic, 'base64')
        .toString('utf8')
        .split(':')
        .map((s) => decodeURIComponent(s.replace(/\+/g, ' ')))
    : [form.get('client_id'), form.get('client_secret')];
  if ((basic ? 'basic' : 'body') !== auth) return invalidClient(`expected the client credentials by ${auth}`);
  if (id !== EMULATED_CLIENT.id || secret !== EMULATED_CLIENT.secret) return invalidClient('unknown client');
  return null;
}

async function assertionRefusal(
  form: URLSearchParams,
  tokenUrl: string,
  o: NonNullable<ClientCredentialsEmulationOptions['privateKeyJwt']>,
  seenJti: Set<string>
): Promise<EmulatedResponse | null> {
  if (form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
    return invalidClient('client_assertion_type must be urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
  const assertion = form.get('client_assertion') ?? '';
  const header = decodeProtectedHeader(assertion);
  const named = o.keyHeader === 'kid' ? header.kid === EMULATED_KEY.kid : header['x5t#S256'] === EMULATED_KEY.x5tS256;
  if (!named) return invalidClient(`the assertion must name the registered key by ${o.keyHeader}`);
  try {
    const { payload } = await jwtVerify(assertion, EMULATED_KEY.publicKey, {
      algorithms: [o.alg],
      issuer: EMULATED_CLIENT.id,
      subject: EMULATED_CLIENT.id,
      audience: tokenUrl,
      requiredClaims: ['exp', 'jti'],
    });
    if (seenJti.has(payload.jti!)) return invalidClient('the assertion jti was used before');
    seenJti.add(payload.jti!);
  } catch (e) {
    return invalidClient(`the client assertion is not valid: ${(e as Error).message}`);
  }
  return null;
}

export async function startClientCredentialsEmulation(
  o: ClientCredentialsEmulationOptions
): Promise<ClientCredentialsEmulation> {
  let granted = false;
  const seenJti = new Set<string>();
  const issued = new Set<string>();
  const main: Emulation = await startEmulation({
    [`POST ${o.tokenPath}`]: async (request) => {
      const form = new URLSearchParams(request.body);
      if (form.get('grant_type') !== 'client_credentials') return json({ error: 'unsupported_grant_type' }, 400);
      const refusal =
        o.privateKeyJwt && form.has('client_assertion')
          ? await assertionRefusal(form, `${main.base}${o.tokenPath}`, o.privateKeyJwt, seenJti)
          : secretRefusal(request, form, o.clientAuth);
      const refused = refusal ?? o.check?.(form) ?? null;
      if (refused) return refused;
      granted = true;
      const answer = o.tokenResponse(form);
      issued.add((JSON.parse(String(answer.body)) as { access_token: string }).access_token);
      return answer;
    },
    ...(o.apiPath
      ? {
          [`GET ${o.apiPath}`]: (request: SeenRequest) =>
            issued.has(String(request.headers.authorization ?? '').replace(/^Bearer /, ''))
              ? json({ value: [] })
              : json({ error: 'invalid_token' }, 401, { 'WWW-Authenticate': 'Bearer error="invalid_token"' }),
        }
      : {}),
  });
  return { main, granted: () => granted };
}
