import { ErrorBoundary } from '../../components/ErrorBoundary';
import { LifecyclePanel } from './LifecyclePanel';
import { MockRunPanel } from './MockRunPanel';
import { OidcDiscovery } from './OidcDiscovery';
import { OidcIdToken } from './OidcIdToken';
import { useOidc } from './use-oidc';
import './oidc.css';

/** OpenID Connect on top of the authorization code flow: discovery from an issuer, then the id_token step by step. */
export function OidcPage() {
  const discovery = useOidc((x) => x.discovery);
  return (
    <div className="page oidc">
      <header className="page-head">
        <h2>OpenID Connect</h2>
        <span className="muted">discovery and the id_token, checked step by step (OIDC Core §3.1.3.7)</span>
      </header>
      <MockRunPanel />
      <div className="columns">
        <OidcDiscovery />
        <OidcIdToken />
      </div>
      <ErrorBoundary what="The token lifecycle" resetKey={discovery}>
        <LifecyclePanel endpoints={discovery?.endpoints ?? null} />
      </ErrorBoundary>
    </div>
  );
}
