import { useEffect } from 'react';
import { useOAuth2 } from '../../app/stores';
import { LifecycleLegs, MissingEndpoints, TokenManagementButtons } from '../oidc/LifecyclePanel';
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
 * OpenID Connect page's lifecycle (one store, so both pages show them). The endpoints come from the server's
 * metadata (RFC 8414 §2), and only from this server's: a token is never sent to another issuer's endpoints.
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
  return (
    <section className="request-form lifecycle token-management" aria-label="Revoke or introspect">
      <h3>Revoke or introspect this flow's tokens</h3>
      {endpoints ? (
        <>
          <div className="send-row">
            <TokenManagementButtons endpoints={endpoints} />
          </div>
          <MissingEndpoints endpoints={endpoints} />
          <p className="muted small">Endpoints from the metadata of {endpoints.issuer}.</p>
        </>
      ) : (
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
