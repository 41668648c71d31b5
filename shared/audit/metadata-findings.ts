import { curlCommand } from '../curl-command';
import { PRIVATE_JWK_MEMBERS } from '../secrets';
import { finding, type AuditFinding } from './audit-result';
import type { FindingId } from './findings';
import { plainHttpMembers } from './plain-http';

/**
 * The read-only findings: what the metadata and the JWK Set say about the server, judged without sending
 * anything but the GETs that fetched them. Each evidence ends with the curl command that fetches the document again.
 */
export interface ReadOnlyInput {
  /** The issuer asked for. */
  readonly issuer: string;
  /** Where the metadata was found, and the document (a JSON object). */
  readonly metadataUrl: string;
  readonly document: Readonly<Record<string, unknown>>;
  /** The JWK Set fetched from jwks_uri, or why there is none. */
  readonly jwks: { readonly url: string; readonly body: unknown } | { readonly skipped: string };
}

const reproduce = (url: string) => `reproduce: ${curlCommand({ method: 'GET', url, headers: [] }, true)}`;
const list = (v: unknown): readonly string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
const shown = (v: unknown) => (v === undefined ? '(absent)' : JSON.stringify(v));

type Judged = readonly [found: boolean, evidence: string];

/** Every member that names an endpoint (RFC 8414 §2: *_endpoint, jwks_uri; RFC 8705 §5 mtls_endpoint_aliases). */
function endpointMembers(doc: Readonly<Record<string, unknown>>): [string, unknown][] {
  const own = Object.entries(doc).filter(([k]) => k.endsWith('_endpoint') || k === 'jwks_uri');
  const aliases = doc.mtls_endpoint_aliases;
  const more =
    aliases && typeof aliases === 'object'
      ? Object.entries(aliases as Record<string, unknown>).map(
          ([k, v]) => [`mtls_endpoint_aliases.${k}`, v] as [string, unknown]
        )
      : [];
  return [...own, ...more];
}

function insecureEndpoints(doc: Readonly<Record<string, unknown>>): Judged {
  return plainHttpMembers(endpointMembers(doc), 'every endpoint is https (or http on loopback)');
}

/**
 * The algorithm lists judged, and whether `none` is weak in each: an HMAC algorithm always is (a shared secret,
 * RFC 8725 §3.1); `none` is for request objects (RFC 9101 §10.1), but not for id_tokens, where OIDC Discovery 1.0 §3
 * allows it (the code flow's id_token comes from the token endpoint over TLS), as the discovery check says.
 */
const ALG_MEMBERS = [
  ['id_token_signing_alg_values_supported', false],
  ['request_object_signing_alg_values_supported', true],
] as const;

function weakAlgs(doc: Readonly<Record<string, unknown>>): Judged {
  const weak = ALG_MEMBERS.flatMap(([m, noneWeak]) => {
    const algs = list(doc[m]).filter((a) => (noneWeak && a === 'none') || /^HS/i.test(a));
    return algs.length ? [`${m} lists ${algs.join(', ')}`] : [];
  });
  const allowed = list(doc.id_token_signing_alg_values_supported).includes('none')
    ? '; none in id_token_signing_alg_values_supported is allowed (OIDC Discovery §3) and not judged weak'
    : '';
  const [idToken, requestObject] = ALG_MEMBERS.map(([m]) => `${m} ${shown(doc[m])}`);
  return weak.length
    ? [true, weak.join('; ') + allowed]
    : [false, `no HS* in ${idToken}, no none or HS* in ${requestObject}${allowed}`];
}

function privateJwks(jwks: ReadOnlyInput['jwks']): Judged | string {
  if ('skipped' in jwks) return jwks.skipped;
  const keys = (jwks.body as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys)) return `the JWK Set at ${jwks.url} has no keys array (RFC 7517 §5)`;
  const leaks = keys.flatMap((k, i) => {
    const members = PRIVATE_JWK_MEMBERS.filter((m) => k && typeof k === 'object' && m in k);
    const kid = (k as { kid?: unknown })?.kid;
    return members.length
      ? [`key ${i}${kid === undefined ? '' : ` (kid ${shown(kid)})`} has ${members.join(', ')}`]
      : [];
  });
  return leaks.length ? [true, leaks.join('; ')] : [false, `${keys.length} key(s), none with a private member`];
}

/** The read-only findings, in the constant's order. */
export function metadataFindings(input: ReadOnlyInput): AuditFinding[] {
  const doc = input.document;
  const pkce = list(doc.code_challenge_methods_supported);
  const responseTypes = list(doc.response_types_supported);
  const implicit = responseTypes.filter((t) => t.split(' ').includes('token'));
  const judged: [FindingId, Judged | string, string][] = [
    [
      'metadata-issuer-mismatch',
      doc.issuer === input.issuer
        ? [false, `issuer is ${shown(doc.issuer)}, exactly the issuer asked`]
        : [true, `issuer is ${shown(doc.issuer)}; the issuer asked is ${shown(input.issuer)}`],
      input.metadataUrl,
    ],
    ['metadata-http-endpoint', insecureEndpoints(doc), input.metadataUrl],
    [
      'metadata-no-s256',
      [!pkce.includes('S256'), `code_challenge_methods_supported is ${shown(doc.code_challenge_methods_supported)}`],
      input.metadataUrl,
    ],
    [
      'metadata-plain-pkce-advertised',
      [pkce.includes('plain'), `code_challenge_methods_supported is ${shown(doc.code_challenge_methods_supported)}`],
      input.metadataUrl,
    ],
    [
      'metadata-implicit-advertised',
      [
        implicit.length > 0,
        implicit.length
          ? `response_types_supported lists ${implicit.join(', ')}`
          : `response_types_supported is ${shown(doc.response_types_supported)}: no response type returns an access token from the authorization endpoint`,
      ],
      input.metadataUrl,
    ],
    [
      'metadata-password-grant-advertised',
      [
        list(doc.grant_types_supported).includes('password'),
        `grant_types_supported is ${shown(doc.grant_types_supported)}`,
      ],
      input.metadataUrl,
    ],
    [
      'metadata-no-iss-parameter',
      [
        doc.authorization_response_iss_parameter_supported !== true,
        `authorization_response_iss_parameter_supported is ${shown(doc.authorization_response_iss_parameter_supported)}`,
      ],
      input.metadataUrl,
    ],
    ['metadata-jwks-private-key', privateJwks(input.jwks), 'url' in input.jwks ? input.jwks.url : input.metadataUrl],
    ['metadata-weak-alg', weakAlgs(doc), input.metadataUrl],
  ];
  return judged.map(([id, j, url]) =>
    typeof j === 'string'
      ? finding(id, 'skipped', [j])
      : finding(id, j[0] ? 'found' : 'not-found', [`${url}: ${j[1]}`, reproduce(url)])
  );
}
