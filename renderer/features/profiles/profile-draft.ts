import { grantTypeInAuthorization } from '../../../shared/flows/profile-config';
import { presetProfileInput, type Preset } from '../../../shared/presets';
import { MOCK_PROFILE_ID, profileSchema, savableProfileSchema, type Profile } from '../../../shared/store/profile';
import { headerLines, headersText, paramLines, paramsText } from '../../../shared/store/profile-lines';

/**
 * A profile as the form edits it: the numbers stay the text the user typed until they are valid, so "70000" or
 * "80a" can be shown with a message instead of being lost; extra headers and token parameters are one per line.
 */
export type ProfileDraft = Omit<Profile, 'callbackPort' | 'timeoutMs' | 'headers' | 'oauth2'> & {
  readonly callbackPort: string;
  readonly timeoutMs: string;
  readonly headers: string;
  readonly oauth2: Omit<Profile['oauth2'], 'tokenParams' | 'grantTypeInAuthorization'> & {
    readonly tokenParams: string;
    readonly grantTypeInAuthorization: boolean;
  };
};

/** Every field of shared/store/profile.ts the form shows, with the label that names it in messages. */
export const FIELD_LABELS = {
  name: 'Name',
  baseUrl: 'Base URL',
  followsMock: 'Follow the embedded mock',
  callbackPort: 'Callback port',
  callbackPath: 'Callback path',
  redirectUri: 'Redirect URI override',
  headers: 'Extra headers',
  caCertificates: 'Trusted CA certificates',
  allowSelfSigned: 'Allow self-signed certificates',
  service: 'This server is the service',
  timeoutMs: 'Timeout (ms)',
  'oauth1.requestTokenPath': 'Request token path',
  'oauth1.authorizePath': 'OAuth 1.0a Authorize path',
  'oauth1.accessTokenPath': 'Access token path',
  'oauth1.apiPath': 'OAuth 1.0a API path',
  'oauth1.consumerKey': 'Consumer key',
  'oauth1.consumerSecret': 'Consumer secret',
  'oauth1.rsaPrivateKey': 'RSA private key',
  'oauth1.useOob': 'Use oob',
  'oauth1.signatureMethod': 'Signature method',
  'oauth1.realm': 'Realm',
  'oauth1.placement': 'Parameters in',
  'oauth1.includeVersion': 'Send oauth_version',
  'oauth1.legMethod': 'Token legs by',
  'oauth2.authorizePath': 'OAuth 2 Authorize path',
  'oauth2.tokenPath': 'Token path',
  'oauth2.apiPath': 'OAuth 2 API path',
  'oauth2.clientId': 'Client ID',
  'oauth2.clientSecret': 'Client secret',
  'oauth2.scope': 'Scope',
  'oauth2.pkce': 'PKCE',
  'oauth2.clientAuthentication': 'Client authentication',
  'oauth2.assertionKey': 'Private key (private_key_jwt, request objects)',
  'oauth2.assertionKeyId': 'Key ID (kid)',
  'oauth2.assertionAlg': 'Signing algorithm',
  'oauth2.assertionAudience': 'Assertion audience (aud)',
  'oauth2.clientCertificate': 'Client certificate',
  'oauth2.clientKey': 'Client certificate key',
  'oauth2.dpop': 'DPoP (RFC 9449)',
  'oauth2.dpopKey': 'DPoP key',
  'oauth2.tokenBody': 'Token request body',
  'oauth2.accessTokenField': 'Access token field',
  'oauth2.tokenParams': 'Extra token parameters',
  'oauth2.grantTypeInAuthorization': 'Send grant_type in the authorization request',
  'oauth2.issuer': 'Issuer (OpenID Connect)',
  'oauth2.jwksUri': 'JWKS URL',
  'oauth2.revocationEndpoint': 'Revocation endpoint',
  'oauth2.introspectionEndpoint': 'Introspection endpoint',
  'oauth2.deviceAuthorizationEndpoint': 'Device authorization endpoint',
  'oauth2.issRequired': 'The redirect back carries iss (RFC 9207)',
} as const;

export type FieldPath = keyof typeof FIELD_LABELS;
export type FieldErrors = Readonly<Partial<Record<FieldPath | 'form', string>>>;

const isField = (key: string): key is FieldPath => Object.hasOwn(FIELD_LABELS, key);

export const draftOf = (p: Profile): ProfileDraft => ({
  ...p,
  callbackPort: String(p.callbackPort),
  timeoutMs: String(p.timeoutMs),
  headers: headersText(p.headers),
  oauth2: {
    ...p.oauth2,
    tokenParams: paramsText(p.oauth2.tokenParams),
    grantTypeInAuthorization: grantTypeInAuthorization(p),
  },
});

/** A new profile for a real server: the service's endpoint paths and the schema's defaults, or a provider's preset. */
export function newDraft(id: string, preset?: Preset): ProfileDraft {
  if (preset) return draftOf(profileSchema.parse(presetProfileInput(preset, id, preset.name)));
  return { ...draftOf(profileSchema.parse({ id, name: 'new' })), name: '' };
}

export function fieldValue(d: ProfileDraft, path: FieldPath): string | boolean {
  const [group, key] = path.split('.') as [string, string | undefined];
  const holder = (key === undefined ? d : d[group as 'oauth1' | 'oauth2']) as unknown as Record<
    string,
    string | boolean
  >;
  return holder[key ?? group]!;
}

/** Differs from what was last saved or loaded, field by field (a new profile: once anything was typed). */
export function isDirty(e: { readonly draft: ProfileDraft; readonly original: ProfileDraft } | null): boolean {
  if (!e) return false;
  return (Object.keys(FIELD_LABELS) as FieldPath[]).some(
    (path) => fieldValue(e.draft, path) !== fieldValue(e.original, path)
  );
}

export function withField(d: ProfileDraft, path: FieldPath, value: string | boolean): ProfileDraft {
  const [group, key] = path.split('.') as [string, string | undefined];
  if (key === undefined) return { ...d, [group]: value };
  const g = group as 'oauth1' | 'oauth2';
  return { ...d, [g]: { ...d[g], [key]: value } };
}

const WHOLE = /^\s*\d+\s*$/;
const NUMBER_MESSAGES = {
  callbackPort: 'expected a whole number from 0 (any free port) to 65535',
  timeoutMs: 'expected a whole number of milliseconds from 1000 to 600000',
} as const;

/** "Callback port: the port must be…": a message that names its field, unless it already does ("The token path…"). */
function named(path: FieldPath, message: string): string {
  return /^The /.test(message) ? message : `${FIELD_LABELS[path]}: ${message}`;
}

/**
 * A field's issue from a zod or bridge path (`profile.oauth1.tokenPath` from the bridge; `headers.2.0`, an item of a
 * list field, goes to the list), or the form's.
 */
export function errorsFromIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  dropPrefix?: string
): FieldErrors {
  const out: Partial<Record<FieldPath | 'form', string>> = {};
  for (const i of issues) {
    const parts = i.path.map(String);
    if (dropPrefix && parts[0] === dropPrefix) parts.shift();
    const field = [3, 2, 1].map((n) => parts.slice(0, n).join('.')).find(isField);
    const key = parts.join('.');
    if (field) out[field] ??= named(field, i.message);
    else
      out.form = out.form
        ? `${out.form}; ${key ? `${key}: ` : ''}${i.message}`
        : `${key ? `${key}: ` : ''}${i.message}`;
  }
  return out;
}

/**
 * Validates the draft with the same schema the bridge uses (savableProfileSchema): the profile to save, or every
 * field's message. A base URL left empty is reported with the other fields rather than only once they pass.
 */
export function validateDraft(d: ProfileDraft): { profile: Profile | null; errors: FieldErrors } {
  const headers = headerLines(d.headers);
  const tokenParams = paramLines(d.oauth2.tokenParams);
  const candidate = {
    ...d,
    callbackPort: WHOLE.test(d.callbackPort) ? Number(d.callbackPort) : NaN,
    timeoutMs: WHOLE.test(d.timeoutMs) ? Number(d.timeoutMs) : NaN,
    headers: headers.ok ? headers.value : [],
    oauth2: { ...d.oauth2, tokenParams: tokenParams.ok ? tokenParams.value : [] },
  };
  const parsed = savableProfileSchema.safeParse(candidate);
  const errors: Partial<Record<FieldPath | 'form', string>> = parsed.success
    ? {}
    : { ...errorsFromIssues(parsed.error.issues) };
  for (const key of ['callbackPort', 'timeoutMs'] as const)
    if (Number.isNaN(candidate[key])) errors[key] = named(key, NUMBER_MESSAGES[key]);
  if (!headers.ok) errors.headers = named('headers', headers.message);
  if (!tokenParams.ok) errors['oauth2.tokenParams'] = named('oauth2.tokenParams', tokenParams.message);
  if (!d.builtIn && !d.followsMock && d.baseUrl.trim() === '')
    errors.baseUrl ??= named('baseUrl', 'the base URL is empty; expected an absolute http:// or https:// URL');
  return Object.keys(errors).length ? { profile: null, errors } : { profile: parsed.data!, errors };
}

/** "X (copy)", then "X (copy 2)"…: the first name not taken, within the schema's 80 characters. */
export function copyName(name: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`;
    const candidate = name.slice(0, 80 - suffix.length).trimEnd() + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}

export const isMock = (p: { id: string }) => p.id === MOCK_PROFILE_ID;
