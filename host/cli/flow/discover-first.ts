import { warning } from '../../../shared/flows';
import { endpointUrl } from '../../../shared/flows/common';
import { discoveryLeg } from '../../../shared/flows/driver/openid-legs';
import type { FlowHostPort } from '../../../shared/flows/driver/host-port';
import {
  discoveryWarnings,
  metadataForCertificateClient,
  metadataTokenEndpoint,
  type ChosenEndpoint,
  type Discovered,
  type DiscoveredEndpoints,
} from '../../../shared/oidc';
import { authenticatesByCertificate } from '../../../shared/oauth2/token-request';
import type { Profile } from '../../../shared/store/profile';
import { endpointLine, redirectLines } from '../oidc-report';
import { FlowFailure, type FlowReport } from './report';

/** The grant's endpoints named by flags (--authorize-path, --token-path): they win over the document's. */
export interface NamedEndpoints {
  readonly authorize: boolean;
  readonly token: boolean;
}

/**
 * A discovery's outcome on stderr: the URLs that gave nothing, the redirects followed, and its checks, those the
 * flow goes past (the document is still used) as warnings.
 */
export function reportDiscovery(d: Discovered, report: FlowReport): void {
  for (const t of d.tried) report.line(`   (not found) ${t}`);
  for (const l of redirectLines(d.redirects)) report.line(l);
  const warnings = new Set(discoveryWarnings(d));
  report.checks(
    d.checks.map((c) =>
      warnings.has(c) ? warning(c.name, `${c.message} The flow goes on with the rest of the document.`) : c
    )
  );
}

/**
 * `flow oauth2 --issuer URL` in an OpenID Connect flow: the issuer's metadata is fetched before the authorization
 * request, and its endpoints are the flow's (OIDC Discovery §4): authorization and token (but for those named by
 * flags; a certificate client's token endpoint is the metadata's mutual-TLS alias, tokenEndpointOf), and RFC 9207 §3's `authorization_response_iss_parameter_supported`, which makes the redirect's iss required.
 * A document whose issuer is not the one asked stops the flow before any other endpoint is used (OIDC Discovery
 * §4.3, RFC 8414 §3.3). No metadata at all leaves the profile's endpoints, said so. UserInfo and the JWKS are the
 * document's too, read by the OpenID Connect leg from the discovery returned here.
 */
export async function discoverFirst(
  profile: Profile,
  named: NamedEndpoints,
  port: FlowHostPort,
  report: FlowReport
): Promise<{ profile: Profile; discovered: Discovered }> {
  const issuer = profile.oauth2.issuer;
  report.step(`OpenID Connect: discovery of ${issuer}, before the authorization request (OIDC Discovery §4)`);
  const d = await discoveryLeg(port, issuer);
  reportDiscovery(d, report);
  if (d.refused)
    throw new FlowFailure(
      'discovery',
      `${d.refused} None of its endpoints is used: the flow stops before the authorization request (OIDC Discovery §4.3).`
    );
  const e = d.endpoints;
  if (!e) {
    report.line("   note: no metadata for this issuer; the flow uses the profile's endpoints.");
    return { profile, discovered: d };
  }
  const o = profile.oauth2;
  const doc = (d.document ?? {}) as Record<string, unknown>;
  const authorizePath = !named.authorize && e.authorization ? e.authorization : o.authorizePath;
  const token = tokenEndpointOf(profile, named.token, e);
  const tokenPath = token.source === 'profile' ? o.tokenPath : token.url;
  const issRequired = o.issRequired || doc.authorization_response_iss_parameter_supported === true;
  const authorize: ChosenEndpoint =
    authorizePath === e.authorization
      ? { url: endpointUrl(profile.baseUrl, authorizePath), source: 'discovery', from: e.issuer }
      : { url: endpointUrl(profile.baseUrl, authorizePath), source: 'profile' };
  report.line(endpointLine('authorization endpoint', authorize, '--authorize-path'));
  report.line(endpointLine('token endpoint', token, '--token-path'));
  if (issRequired && !o.issRequired)
    report.line(
      "   The metadata advertises authorization_response_iss_parameter_supported: the redirect's iss is required (RFC 9207 §3)."
    );
  return { profile: { ...profile, oauth2: { ...o, authorizePath, tokenPath, issRequired } }, discovered: d };
}

/**
 * The flow's token endpoint: --token-path when given, else the one the metadata names (a client that authenticates
 * by certificate reads its mtls_endpoint_aliases first, RFC 8705 §5, as the machine flows do), else the profile's.
 */
function tokenEndpointOf(profile: Profile, named: boolean, e: DiscoveredEndpoints): ChosenEndpoint {
  const o = profile.oauth2;
  const metadata = authenticatesByCertificate(o.clientAuthentication) ? metadataForCertificateClient(e) : e;
  const fromMetadata = named ? null : metadataTokenEndpoint(metadata);
  return fromMetadata ?? { url: endpointUrl(profile.baseUrl, o.tokenPath), source: 'profile' };
}
