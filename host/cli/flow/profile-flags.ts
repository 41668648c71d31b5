import type { Param } from '../../../shared/url-encoded';
import { profileSchema, type Profile, type ProfileInput } from '../../../shared/store/profile';
import { headerLine, paramLine } from '../../../shared/store/profile-lines';
import { findPreset, PRESET_IDS, presetProfileInput } from '../../../shared/presets';
import { UsageError } from '../io';
import { readFileFlag } from '../read-file-flag';
import { FLOW_SECRETS, secretFlagOptions } from '../secret-flags';

/**
 * The flags that make up a flow's settings. They build a profile, validated by the same schema as the app's
 * profiles (shared/store/profile.ts), so a flag and a profile field accept the same values with the same words.
 */
export const PROFILE_FLAGS = {
  preset: { type: 'string' },
  'base-url': { type: 'string' },
  'consumer-key': { type: 'string' },
  'private-key': { type: 'string' },
  'signature-method': { type: 'string' },
  realm: { type: 'string' },
  'no-version': { type: 'boolean' },
  placement: { type: 'string' },
  'leg-method': { type: 'string' },
  'client-id': { type: 'string' },
  scope: { type: 'string' },
  'no-pkce': { type: 'boolean' },
  'client-auth': { type: 'string' },
  'key-id': { type: 'string' },
  'signing-alg': { type: 'string' },
  'assertion-aud': { type: 'string' },
  'client-cert': { type: 'string' },
  'client-key': { type: 'string' },
  'ca-file': { type: 'string' },
  'token-body': { type: 'string' },
  'access-token-field': { type: 'string' },
  'token-param': { type: 'string', multiple: true },
  'grant-type-in-authorize': { type: 'boolean' },
  'require-iss': { type: 'boolean' },
  issuer: { type: 'string' },
  'jwks-uri': { type: 'string' },
  'revocation-endpoint': { type: 'string' },
  'introspection-endpoint': { type: 'string' },
  'request-token-path': { type: 'string' },
  'authorize-path': { type: 'string' },
  'access-token-path': { type: 'string' },
  'token-path': { type: 'string' },
  'api-path': { type: 'string' },
  header: { type: 'string', multiple: true },
  'callback-port': { type: 'string' },
  'callback-path': { type: 'string' },
  'redirect-uri': { type: 'string' },
  'allow-self-signed': { type: 'boolean' },
  timeout: { type: 'string' },
  service: { type: 'boolean' },
  ...secretFlagOptions(FLOW_SECRETS),
} as const;

type Values = {
  readonly [K in keyof typeof PROFILE_FLAGS]?: (typeof PROFILE_FLAGS)[K] extends { multiple: true }
    ? string[]
    : (typeof PROFILE_FLAGS)[K] extends { type: 'boolean' }
      ? boolean
      : string;
};

/** Which flag sets which profile field, so a schema message names the flag the user typed. */
const FLAG_OF: Record<string, string> = {
  baseUrl: '--base-url',
  callbackPath: '--callback-path',
  redirectUri: '--redirect-uri',
  headers: '--header',
  'oauth1.requestTokenPath': '--request-token-path',
  'oauth1.authorizePath': '--authorize-path',
  'oauth1.accessTokenPath': '--access-token-path',
  'oauth1.apiPath': '--api-path',
  'oauth1.signatureMethod': '--signature-method',
  'oauth1.placement': '--placement',
  'oauth1.legMethod': '--leg-method',
  'oauth2.authorizePath': '--authorize-path',
  'oauth2.tokenPath': '--token-path',
  'oauth2.apiPath': '--api-path',
  'oauth2.clientAuthentication': '--client-auth',
  'oauth2.assertionKey': '--private-key',
  'oauth2.assertionKeyId': '--key-id',
  'oauth2.assertionAlg': '--signing-alg',
  'oauth2.assertionAudience': '--assertion-aud',
  'oauth2.clientCertificate': '--client-cert',
  'oauth2.clientKey': '--client-key',
  caCertificates: '--ca-file',
  'oauth2.tokenBody': '--token-body',
  'oauth2.accessTokenField': '--access-token-field',
  'oauth2.tokenParams': '--token-param',
  'oauth2.issuer': '--issuer',
  'oauth2.jwksUri': '--jwks-uri',
  'oauth2.revocationEndpoint': '--revocation-endpoint',
  'oauth2.introspectionEndpoint': '--introspection-endpoint',
};

/** `--header "Name: value"`, as curl's -H writes it. */
export function headerFlag(text: string): Param {
  const header = headerLine(text);
  if (!header)
    throw new UsageError(
      `--header ${JSON.stringify(text)}: expected "Name: value", e.g. --header "Accept: application/json".`
    );
  return header;
}

function paramFlag(text: string): Param {
  const param = paramLine(text);
  if (!param)
    throw new UsageError(
      `--token-param ${JSON.stringify(text)}: expected name=value, e.g. --token-param audience=https://api.example.com.`
    );
  return param;
}

export const whole = (text: string, flag: string, min: number, max: number): number => {
  if (!/^[0-9]+$/.test(text) || +text < min || +text > max)
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}; got "${text}".`);
  return +text;
};

/** --timeout: each request's time limit in seconds, within the profile's bounds (1 s to 600 s, as in the app). */
export const requestTimeoutMs = (text: string): number => whole(text, '--timeout', 1, 600) * 1000;

const defined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** The preset --preset names, as the profile the flags start from; a bare profile without one. */
function presetBase(v: Values): ProfileInput {
  const preset = v.preset === undefined ? null : findPreset(v.preset);
  if (v.preset !== undefined && !preset)
    throw new UsageError(`--preset "${v.preset}" is not known; expected one of ${PRESET_IDS.join(', ')}.`);
  // A machine-to-machine preset describes another grant than the code grant this command runs.
  if (preset?.machine)
    throw new UsageError(
      `--preset ${preset.id} is for ${preset.machine.grant === 'device_code' ? 'oauth-lab flow device' : 'oauth-lab flow client-credentials'} (${preset.machine.grant}), not the authorization code grant; run that command with the preset's endpoints.`
    );
  return preset ? presetProfileInput(preset, 'cli', preset.name) : { id: 'cli', name: 'oauth-lab flow' };
}

/** The flags shared by every protocol: where the server is, the callback, TLS and the time limit. */
function connectionFlags(v: Values): Partial<ProfileInput> {
  return defined({
    baseUrl: v['base-url'],
    callbackPort: v['callback-port'] === undefined ? 0 : whole(v['callback-port'], '--callback-port', 0, 65535),
    callbackPath: v['callback-path'],
    redirectUri: v['redirect-uri'],
    allowSelfSigned: v['allow-self-signed'],
    caCertificates: v['ca-file'] === undefined ? undefined : readFileFlag('--ca-file', v['ca-file']),
    timeoutMs: v.timeout === undefined ? undefined : requestTimeoutMs(v.timeout),
    service: v.service,
  });
}

/** The OAuth 1.0a flags over the preset's OAuth 1.0a settings. */
function oauth1Flags(v: Values, base: ProfileInput, privateKey: string | undefined): ProfileInput['oauth1'] {
  return {
    ...base.oauth1,
    ...defined({
      requestTokenPath: v['request-token-path'],
      authorizePath: v['authorize-path'],
      accessTokenPath: v['access-token-path'],
      apiPath: v['api-path'],
      consumerKey: v['consumer-key'],
      consumerSecret: v['consumer-secret'],
      signatureMethod: v['signature-method'] as never,
      realm: v.realm,
      placement: v.placement as never,
      legMethod: v['leg-method'] as never,
      rsaPrivateKey: privateKey,
      includeVersion: v['no-version'] ? false : undefined,
    }),
  };
}

/** The OAuth 2 and OpenID Connect flags over the preset's OAuth 2 settings. */
function oauth2Flags(v: Values, base: ProfileInput, privateKey: string | undefined): ProfileInput['oauth2'] {
  return {
    ...base.oauth2,
    ...defined({
      authorizePath: v['authorize-path'],
      tokenPath: v['token-path'],
      apiPath: v['api-path'],
      clientId: v['client-id'],
      clientSecret: v['client-secret'],
      scope: v.scope,
      pkce: v['no-pkce'] ? ('off' as const) : undefined,
      clientAuthentication: v['client-auth'] as never,
      assertionKey: privateKey,
      assertionKeyId: v['key-id'],
      assertionAlg: v['signing-alg'] as never,
      assertionAudience: v['assertion-aud'] as never,
      clientCertificate: v['client-cert'] === undefined ? undefined : readFileFlag('--client-cert', v['client-cert']),
      clientKey: v['client-key'] === undefined ? undefined : readFileFlag('--client-key', v['client-key']),
      tokenBody: v['token-body'] as never,
      accessTokenField: v['access-token-field'],
      grantTypeInAuthorization: v['grant-type-in-authorize'] ? true : undefined,
      issRequired: v['require-iss'] ? true : undefined,
      issuer: v.issuer,
      jwksUri: v['jwks-uri'],
      revocationEndpoint: v['revocation-endpoint'],
      introspectionEndpoint: v['introspection-endpoint'],
    }),
    tokenParams: [...(base.oauth2?.tokenParams ?? []), ...(v['token-param'] ?? []).map(paramFlag)],
  };
}

/** The flow's profile: the preset (if any), then every flag given on top of it, validated as a whole. */
export function profileFromFlags(v: Values): Profile {
  const base = presetBase(v);
  // One --private-key: the RSA methods of OAuth 1.0a, or private_key_jwt's key (OIDC Core §9) for OAuth 2.
  const privateKey = v['private-key'] === undefined ? undefined : readFileFlag('--private-key', v['private-key']);
  const input: ProfileInput = {
    ...base,
    ...connectionFlags(v),
    headers: [...(base.headers ?? []), ...(v.header ?? []).map(headerFlag)],
    oauth1: oauth1Flags(v, base, privateKey),
    oauth2: oauth2Flags(v, base, privateKey),
  };
  const parsed = profileSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.map(String);
    const key = [path.join('.'), path.slice(0, 2).join('.'), path[0] ?? ''].find((k) => FLAG_OF[k]);
    const flag = key ? FLAG_OF[key] : path.join('.');
    throw new UsageError(`${flag}: ${issue.message}.`);
  }
  // An issuer named alone is where the flow starts: its discovery gives the endpoints (OIDC Discovery §4).
  if (!parsed.data.baseUrl && parsed.data.oauth2.issuer) return { ...parsed.data, baseUrl: parsed.data.oauth2.issuer };
  if (!parsed.data.baseUrl)
    throw new UsageError('--base-url is required (or --preset NAME), or --issuer URL for OpenID Connect.');
  return parsed.data;
}
