import { useEffect } from 'react';
import { useApp, useOAuth2 } from '../../app/stores';
import { profileEndpoints } from '../../../shared/oidc';
import { EndpointSources, LifecycleLegs, TokenManagementButtons } from '../oidc/LifecyclePanel';
import { useLifecycle } from '../oidc/use-lifecycle';
import { useOidc } from '../oidc/use-oidc';

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Revocation (RFC 7009) and introspection (RFC 7662) of this flow's tokens, once it has one: the same legs as the
 * OpenID Connect page's lifecycle (one store, so both pages show them). The endpoints are the profile's, else the
 * server's metadata (RFC 8414 §2), and only this server's: a token is never sent to another issuer's endpoints; else
 * a preset's for the base URL (profileEndpoints), each shown with where it came from.
 */
export function TokenManagementPanel() {
  const flow = useOAuth2((s) => s.flow);
  const profile = useOAuth2((s) => s.profile);
  const lifecycleFlow = useLifecycle((s) => s.flow);
  const tokensTaken = useLifecycle((s) => s.tokensTaken);
  const problem = useLifecycle((s) => s.problem);
  const discovery = useOidc((s) => s.discovery);
  const discovering = useOidc((s) => s.discovering);
  const discoveryError = useOidc((s) => s.discoveryError);
  const issuerEdited = useOidc((s) => s.issuerEdited);
  const discoveryRequested = useOidc((s) => s.discoveryRequested);
  // A certificate client that follows the mock: typed paths under the mock's mutual-TLS port (RFC 8705 §5).
  const mockMtls = useApp((s) => s.mock.mtlsBaseUrl ?? null);
  const hasToken = !!flow?.token;
  useEffect(() => {
    if (flow?.token && profile && lifecycleFlow?.state !== flow.state) tokensTaken(flow, profile);
  }, [flow, profile, lifecycleFlow, tokensTaken]);
  if (!hasToken || !flow) return null;
  const endpoints =
    discovery?.endpoints && originOf(discovery.endpoints.issuer) === originOf(flow.config.baseUrl)
      ? discovery.endpoints
      : null;
  const discover = () => {
    issuerEdited(flow.config.baseUrl);
    void discoveryRequested();
  };
  const chosen = profile ? profileEndpoints(profile, flow.config.baseUrl, endpoints, mockMtls) : null;
  return (
    <section className="request-form lifecycle token-management" aria-label="Revoke or introspect">
      <h3>Revoke or introspect this flow's tokens</h3>
      {(chosen?.revocation ?? chosen?.introspection) && (
        <div className="send-row">
          <TokenManagementButtons endpoints={endpoints} />
        </div>
      )}
      {chosen && <EndpointSources chosen={chosen} discovered={endpoints !== null} />}
      {!endpoints && (!chosen?.revocation || !chosen.introspection) && (
        <p className="send-row">
          <button type="button" disabled={discovering} onClick={discover}>
            Find the endpoints
          </button>
          <span className="muted">
            reads the metadata of <code>{flow.config.baseUrl}</code> (RFC 8414, OIDC Discovery) for its
            revocation_endpoint and introspection_endpoint.
          </span>
        </p>
      )}
      {(discoveryError ?? problem) && (
        <p className="error" role="alert">
          {discoveryError ?? problem}
        </p>
      )}
      <LifecycleLegs />
    </section>
  );
}
