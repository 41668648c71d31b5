import { createPrivateKey, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { endpointUrl } from '../../shared/flows/common';
import type { MachineSetup } from '../../shared/presets';
import type { Profile } from '../../shared/store/profile';

/**
 * A stand-in for the flow driver's client credentials and device grants (engineer V's), so the machine-to-machine
 * presets run against their emulations now: it sends exactly what the preset's profile and setup say (endpoints,
 * headers, scope, token parameters, client authentication) over a real socket and reads the answer, JSON or form.
 */
export interface MachineAnswer {
  readonly status: number;
  readonly fields: Record<string, unknown>;
}

/** The client's key for private_key_jwt, and the header value naming it. */
export interface SigningKey {
  readonly privateKeyPem: string;
  readonly alg: string;
  readonly header: Readonly<Record<string, string>>;
}

async function post(
  url: string,
  profile: Profile,
  form: URLSearchParams,
  basic: string | null
): Promise<MachineAnswer> {
  const headers = new Headers(profile.headers.map(([n, v]) => [n, v] as [string, string]));
  headers.set('Content-Type', 'application/x-www-form-urlencoded');
  if (basic) headers.set('Authorization', basic);
  const res = await fetch(url, { method: 'POST', headers, body: form });
  const text = await res.text();
  const fields = (res.headers.get('content-type') ?? '').includes('json')
    ? (JSON.parse(text) as Record<string, unknown>)
    : Object.fromEntries(new URLSearchParams(text));
  return { status: res.status, fields };
}

/** RFC 7523 §3: iss = sub = client_id, aud the token endpoint URL, a fresh jti, a short exp. */
async function assertion(clientId: string, tokenUrl: string, key: SigningKey): Promise<string> {
  return new SignJWT({ jti: randomUUID() })
    .setProtectedHeader({ alg: key.alg, typ: 'JWT', ...key.header })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(tokenUrl)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(createPrivateKey(key.privateKeyPem));
}

/** RFC 6749 §4.4.2: grant_type, scope and the profile's token parameters; the client authenticated as set. */
export async function clientCredentialsToken(profile: Profile, key: SigningKey | null = null): Promise<MachineAnswer> {
  const o = profile.oauth2;
  const tokenUrl = endpointUrl(profile.baseUrl, o.tokenPath);
  const form = new URLSearchParams([['grant_type', 'client_credentials'], ...(o.scope ? [['scope', o.scope]] : [])]);
  for (const [n, v] of o.tokenParams) form.append(n, v);
  let basic: string | null = null;
  if (key) {
    form.set('client_assertion_type', 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
    form.set('client_assertion', await assertion(o.clientId, tokenUrl, key));
  } else if (o.clientAuthentication === 'basic') {
    const enc = (s: string) => encodeURIComponent(s);
    basic = `Basic ${Buffer.from(`${enc(o.clientId)}:${enc(o.clientSecret)}`).toString('base64')}`;
  } else {
    form.set('client_id', o.clientId);
    if (o.clientAuthentication === 'body') form.set('client_secret', o.clientSecret);
  }
  return post(tokenUrl, profile, form, basic);
}

/**
 * RFC 8628 §3.1-§3.5: the device authorization request, then `approve` (the user entering the code), polling once
 * before it (authorization_pending) and once after. The interval is not waited out: the emulation does not enforce it.
 */
export async function deviceFlowToken(
  profile: Profile,
  setup: Extract<MachineSetup, { grant: 'device_code' }>,
  approve: (verificationUri: string, userCode: string) => Promise<void>
): Promise<{ authorization: MachineAnswer; pending: MachineAnswer; token: MachineAnswer }> {
  const o = profile.oauth2;
  const start = new URLSearchParams([['client_id', o.clientId], ...(o.scope ? [['scope', o.scope]] : [])]);
  const authorization = await post(endpointUrl(profile.baseUrl, setup.deviceAuthorizationPath), profile, start, null);
  const poll = () =>
    post(
      endpointUrl(profile.baseUrl, o.tokenPath),
      profile,
      new URLSearchParams([
        ['client_id', o.clientId],
        ['device_code', String(authorization.fields.device_code)],
        ['grant_type', 'urn:ietf:params:oauth:grant-type:device_code'],
      ]),
      null
    );
  const pending = await poll();
  await approve(String(authorization.fields.verification_uri), String(authorization.fields.user_code));
  return { authorization, pending, token: await poll() };
}
