import { ProtocolError, PROTOCOL_ERROR } from '../errors';
import { check, note, warning, type Check } from '../check';
import { authorityOf, isLoopbackHost, parseHttpUrl } from '../url';
import type { JsonGetter, Redirect } from './json-document';
import { shown } from './trace-step';
import { sentence } from '../provider-message';
import { mtlsAliasesOf, type MtlsEndpointAliases } from './mtls-aliases';

/**
 * Discovery of a provider's metadata from its issuer URL: OpenID Connect Discovery 1.0 and OAuth 2.0
 * Authorization Server Metadata (RFC 8414 (https://www.rfc-editor.org/rfc/rfc8414)). What the client fetches, what it checks, and the endpoints it takes.
 */
export type DiscoveryKind = 'openid-configuration' | 'oauth-authorization-server';
export const DISCOVERY_KINDS: readonly DiscoveryKind[] = ['openid-configuration', 'oauth-authorization-server'];

/** The endpoints a client uses, as URLs; null where the document names none. */
export interface DiscoveredEndpoints {
  readonly issuer: string;
  readonly authorization: string | null;
  readonly token: string | null;
  readonly userinfo: string | null;
  readonly jwks: string | null;
  readonly revocation: string | null;
  readonly introspection: string | null;
  /** RFC 8628 §4: where a device asks for its codes. */
  readonly deviceAuthorization?: string | null;
  /** RFC 8705 §5: the endpoints again for a client that uses mutual TLS (mtls-aliases.ts). */
  readonly mtlsAliases?: MtlsEndpointAliases | null;
  readonly idTokenAlgs: readonly string[] | null;
}

export interface DiscoveryResult {
  readonly kind: DiscoveryKind;
  readonly url: string;
  readonly checks: readonly Check[];
  /** True when every check passed. */
  readonly ok: boolean;
  /**
   * Why the document must not be used at all, or null when it may be: a document that is not an object, or one
   * whose issuer is not the issuer asked (OIDC Discovery §4.3, RFC 8414 §3.3), since its keys would be an
   * impersonator's. The endpoints are then null, so no JWKS is fetched from it.
   */
  readonly refused: string | null;
  /** The endpoints to use; null when the document is refused or none was fetched. */
  readonly endpoints: DiscoveredEndpoints | null;
}

/**
 * Where an expected issuer came from, said in the iss step (OIDC Core §3.1.3.7 (2)): its origin (a flag, a
 * profile, a field) and whether discovery confirmed it, so the trace never claims a confirmation that did not happen.
 */
export function issuerProvenance(origin: string, d: DiscoveryResult | null): string {
  if (d?.endpoints) return `${origin}, confirmed by discovery at ${d.url}`;
  const why = !d
    ? 'discovery has not run for it'
    : d.refused
      ? 'discovery refused its document'
      : 'no metadata was found';
  return `${origin}; not confirmed by discovery: ${why}`;
}

/** The failed checks of a document that is still used (not refused): what a flow shows as warnings. */
export const discoveryWarnings = (d: DiscoveryResult): readonly Check[] =>
  d.refused === null ? d.checks.filter((c) => !c.ok) : [];

const STEP = 'discovery';

/** The issuer must be an https URL (loopback http allowed here), with no query or fragment (OIDC Discovery §3, RFC 8414 §2 (https://www.rfc-editor.org/rfc/rfc8414#section-2)). */
export function validateIssuer(issuer: string): string {
  const u = parseHttpUrl(issuer, STEP);
  if (u.query !== null || issuer.includes('#'))
    throw new ProtocolError(
      PROTOCOL_ERROR.INVALID_ISSUER,
      STEP,
      `The issuer ${JSON.stringify(issuer)} has a query or fragment; an issuer identifier has neither (RFC 8414 §2).`
    );
  return issuer.trim();
}

/**
 * Where the document lives. OIDC Discovery §4.1 appends the well-known path to the issuer; RFC 8414 §3.1 (https://www.rfc-editor.org/rfc/rfc8414#section-3.1) inserts it
 * between the host and the issuer's path. Both agree for an issuer without a path.
 */
export function wellKnownUrl(issuer: string, kind: DiscoveryKind): string {
  const u = parseHttpUrl(validateIssuer(issuer), STEP);
  const origin = `${u.scheme}://${authorityOf(u)}`;
  const path = u.path.replace(/\/+$/, '');
  return kind === 'openid-configuration'
    ? `${origin}${path}/.well-known/openid-configuration`
    : `${origin}/.well-known/oauth-authorization-server${path}`;
}

/**
 * https, or http on a loopback host (RFC 8252 §8.3 (https://www.rfc-editor.org/rfc/rfc8252#section-8.3) spirit, for
 * local test providers), said in the message. `allowInsecureHttp` (the user's explicit choice) keeps plain http on
 * another host usable, as a warning saying what travels in cleartext. One check for discovery and the MCP client.
 */
export function secureUrl(name: string, value: unknown, allowInsecureHttp = false): Check | null {
  if (value === undefined) return null;
  if (typeof value !== 'string') return check(name, false, '', `${name} is ${shown(value)}; expected a URL string.`);
  try {
    const u = parseHttpUrl(value, STEP);
    if (u.scheme === 'https') return check(name, true, `${name} is an https URL.`, '');
    if (isLoopbackHost(u.host))
      return check(
        name,
        true,
        `${name} is http on loopback (${u.host}): accepted for a local provider; a real one must use https.`,
        ''
      );
    return allowInsecureHttp
      ? warning(
          name,
          `${name} is ${shown(value)}: http on a non-loopback host, used because plain http was allowed: the client secret, the authorization code, the PKCE verifier and the tokens sent there travel in cleartext, readable and changeable by anyone on the network path.`
        )
      : check(
          name,
          false,
          '',
          `${name} is ${shown(value)}: http on a non-loopback host; the metadata requires https URLs (OIDC Discovery §3, RFC 8414 §2), so it is not used.`
        );
  } catch (e) {
    return check(name, false, '', `${name}: ${(e as Error).message} It is not used.`);
  }
}

const REQUIRED: Record<DiscoveryKind, readonly string[]> = {
  // OIDC Discovery §3: REQUIRED members (token_endpoint unless only the implicit flow is offered).
  'openid-configuration': [
    'issuer',
    'authorization_endpoint',
    'token_endpoint',
    'jwks_uri',
    'response_types_supported',
    'subject_types_supported',
    'id_token_signing_alg_values_supported',
  ],
  // RFC 8414 §2: REQUIRED issuer and response_types_supported; the two endpoints unless no grant uses them.
  'oauth-authorization-server': ['issuer', 'authorization_endpoint', 'token_endpoint', 'response_types_supported'],
};
const URL_MEMBERS = [
  'authorization_endpoint',
  'token_endpoint',
  'userinfo_endpoint',
  'jwks_uri',
  'revocation_endpoint',
  'introspection_endpoint',
  'registration_endpoint',
  'end_session_endpoint',
  'device_authorization_endpoint',
];

const stringOrNull = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** Checks a fetched discovery document against the issuer asked for and the members its specification requires. */
export function checkDiscoveryDocument(
  body: unknown,
  askedIssuer: string,
  kind: DiscoveryKind,
  url: string
): DiscoveryResult {
  const fail = (message: string): DiscoveryResult => ({
    kind,
    url,
    checks: [check('document', false, '', message)],
    ok: false,
    refused: message,
    endpoints: null,
  });
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return fail('The document is not a JSON object (OIDC Discovery §4.2, RFC 8414 §3.2).');
  const doc = body as Record<string, unknown>;
  const issuerSection = kind === 'openid-configuration' ? 'OIDC Discovery §4.3' : 'RFC 8414 §3.3';
  const checks: Check[] = [
    check(
      'issuer',
      doc.issuer === askedIssuer.trim(),
      `issuer is ${shown(doc.issuer)}, exactly the URL asked (${issuerSection}).`,
      `issuer is ${shown(doc.issuer)}; it must be exactly the issuer asked, ${shown(askedIssuer.trim())} (${issuerSection}): otherwise another server could impersonate this one.`
    ),
  ];
  const missing = REQUIRED[kind].filter((m) => doc[m] === undefined);
  checks.push(
    check(
      'required members',
      missing.length === 0,
      `All required members are present (${kind === 'openid-configuration' ? 'OIDC Discovery §3' : 'RFC 8414 §2'}).`,
      `Missing required member${missing.length > 1 ? 's' : ''}: ${missing.join(', ')} (${kind === 'openid-configuration' ? 'OIDC Discovery §3' : 'RFC 8414 §2'}).`
    )
  );
  const issuerUrl = secureUrl('issuer URL', doc.issuer);
  if (issuerUrl) checks.push(issuerUrl);
  // A URL member that fails its check is not used: a JWKS over http on another host could be anyone's keys.
  const usableUrl = (name: string, value: unknown): string | null => {
    const c = secureUrl(name, value);
    if (c) checks.push(c);
    return c?.ok ? stringOrNull(value) : null;
  };
  const usable = (m: string): string | null => usableUrl(m, doc[m]);
  const urls = Object.fromEntries(URL_MEMBERS.map((m) => [m, usable(m)]));
  const algs =
    Array.isArray(doc.id_token_signing_alg_values_supported) &&
    doc.id_token_signing_alg_values_supported.every((a) => typeof a === 'string')
      ? (doc.id_token_signing_alg_values_supported as string[])
      : null;
  if (kind === 'openid-configuration')
    checks.push(...idTokenAlgChecks(doc.id_token_signing_alg_values_supported, algs));
  const ok = checks.every((c) => c.ok);
  if (!checks[0]!.ok)
    return { kind, url, checks, ok, refused: `The document is refused: ${checks[0]!.message}`, endpoints: null };
  const endpoints: DiscoveredEndpoints = {
    issuer: askedIssuer.trim(),
    authorization: urls.authorization_endpoint ?? null,
    token: urls.token_endpoint ?? null,
    userinfo: urls.userinfo_endpoint ?? null,
    jwks: urls.jwks_uri ?? null,
    revocation: urls.revocation_endpoint ?? null,
    introspection: urls.introspection_endpoint ?? null,
    deviceAuthorization: urls.device_authorization_endpoint ?? null,
    mtlsAliases: mtlsAliasesOf(doc.mtls_endpoint_aliases, usableUrl),
    idTokenAlgs: algs,
  };
  return { kind, url, checks, ok, refused: null, endpoints };
}

/**
 * OIDC Discovery §3: RS256 must be listed; `none` may be (for id_tokens from the token endpoint), noted since this
 * client still refuses unsigned id_tokens unless the profile registered none (OIDC Core §3.1.3.7 (7)).
 */
function idTokenAlgChecks(member: unknown, algs: readonly string[] | null): Check[] {
  if (member === undefined) return [];
  const listed = check(
    'id_token algorithms',
    !!algs && algs.includes('RS256'),
    `id_token_signing_alg_values_supported: ${algs?.join(', ')}; RS256 is included as required (OIDC Discovery §3).`,
    algs
      ? `id_token_signing_alg_values_supported is ${algs.join(', ')}: RS256 must be included (OIDC Discovery §3).`
      : `id_token_signing_alg_values_supported is ${shown(member)}; expected an array of algorithm names.`
  );
  if (!algs?.includes('none')) return [listed];
  return [
    listed,
    note(
      'id_token algorithms',
      'none is listed, as OIDC Discovery §3 allows; this client refuses unsigned id_tokens unless the profile registered none (OIDC Core §3.1.3.7 (7)).'
    ),
  ];
}

export interface Discovered extends DiscoveryResult {
  /** The document as fetched, or null when none could be fetched. */
  readonly document: unknown;
  /** Well-known URLs tried before the one answered, and why they gave nothing. */
  readonly tried: readonly string[];
  /** The redirects followed to the document (none when it was where asked). */
  readonly redirects: readonly Redirect[];
}

/**
 * Fetches and checks an issuer's metadata: the OpenID Connect document first, then RFC 8414's (or only the kinds
 * asked for). `getJson` GETs a URL, following redirects, and returns its parsed JSON, or throws an Error saying
 * what went wrong. The result's `url` is the well-known URL asked; `redirects` where it led.
 */
export async function discoverIssuer(
  issuer: string,
  getJson: JsonGetter,
  kinds: readonly DiscoveryKind[] = DISCOVERY_KINDS
): Promise<Discovered> {
  const tried: string[] = [];
  for (const kind of kinds) {
    const url = wellKnownUrl(issuer, kind);
    let fetched;
    try {
      fetched = await getJson(url);
    } catch (e) {
      tried.push(sentence(`GET ${url}: ${(e as Error).message}`));
      continue;
    }
    const document = fetched.body;
    return { ...checkDiscoveryDocument(document, issuer, kind, url), document, tried, redirects: fetched.redirects };
  }
  const kind = kinds[kinds.length - 1]!;
  return {
    kind,
    url: wellKnownUrl(issuer, kind),
    ok: false,
    refused: null,
    endpoints: null,
    document: null,
    tried,
    redirects: [],
    checks: [
      check(
        'fetch',
        false,
        '',
        `No metadata document at ${kinds.map((k) => wellKnownUrl(issuer, k)).join(' or ')}: ${tried.join(' ')}`
      ),
    ],
  };
}
