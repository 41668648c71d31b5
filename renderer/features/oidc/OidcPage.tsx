import {
  discoveredPreset,
  discoveryWarnings,
  profileEndpoints,
  redirectLine,
  type ChosenEndpoint,
  type Discovered,
  type DiscoveredEndpoints,
} from '../../../shared/oidc';
import { Checks } from '../../components/Checks';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { useApp, useAppStore, useDeps, useOAuth2 } from '../../app/stores';
import { keptProfilesStore } from '../profiles/kept-store';
import { AccessTokenView } from './AccessTokenView';
import { IdTokenSteps } from './IdTokenSteps';
import { LifecyclePanel } from './LifecyclePanel';
import type { ValidationInputs } from './oidc-store';
import { flowTokensOf } from './flow-tokens';
import { MockRunPanel } from './MockRunPanel';
import { UserInfoPanel } from './UserInfoPanel';
import { useOidc } from './use-oidc';
import './oidc.css';

/** The JWKS the id_token is checked with: the OAuth 2 page's profile's JWKS URL when it names one, else discovery's. */
function useJwks(discovered: DiscoveredEndpoints | null): ChosenEndpoint | null {
  const profile = useOAuth2((s) => s.profile);
  const flow = useOAuth2((s) => s.flow);
  if (profile && flow) return profileEndpoints(profile, flow.config.baseUrl, discovered).jwks;
  return discovered?.jwks ? { url: discovered.jwks, source: 'discovery' } : null;
}

/** A new profile on the Profiles page with the discovered endpoints, started as a preset is (the draft is not saved). */
function UseForProfile({ discovery }: { discovery: Discovered }) {
  const deps = useDeps();
  const app = useAppStore();
  const preset = discoveredPreset(discovery);
  if (!preset)
    return <p className="muted">The document names no authorization or token endpoint, so it cannot fill a profile.</p>;
  const start = () => {
    keptProfilesStore(deps, app).getState().newProfileHandedOver(preset);
    app.getState().pageChosen('profiles');
  };
  return (
    <p className="send-row">
      <button type="button" onClick={start}>
        Use for a new profile
      </button>
      <span className="muted">
        Base URL, authorize and token endpoints
        {[
          preset.profile.oauth2?.revocationEndpoint && ', revocation',
          preset.profile.oauth2?.introspectionEndpoint && ', introspection',
        ]
          .filter(Boolean)
          .join('')}
        , scope {preset.profile.oauth2?.scope}, PKCE S256.
      </span>
    </p>
  );
}

/**
 * What the page does with the document: refused (no endpoint and no key is taken from it, OIDC Discovery §4.3,
 * RFC 8414 §3.3), or used, with each failed check named as a warning, and offered for a new profile.
 */
function DiscoveryVerdict({ discovery }: { discovery: Discovered }) {
  if (discovery.refused)
    return (
      <p className="error" role="alert">
        {discovery.refused} Its endpoints and keys are not used.
      </p>
    );
  const warnings = discoveryWarnings(discovery);
  return (
    <>
      {warnings.length > 0 && (
        <p className="warning" role="note">
          Warning: {warnings.map((c) => c.name).join(', ')} failed. The page goes on with the rest of the document; a
          URL that failed its check is not used.
        </p>
      )}
      <UseForProfile discovery={discovery} />
    </>
  );
}

/** OpenID Connect on top of the authorization code flow: discovery from an issuer, then the id_token step by step. */
export function OidcPage() {
  const mockBase = useApp((s) => s.mock.baseUrl);
  const flow = useOAuth2((x) => x.flow);
  const runs = useOAuth2((x) => x.runs);
  const fromFlow = flowTokensOf({ flow, runs });
  const s = useOidc((x) => x);
  const jwks = useJwks(s.discovery?.endpoints ?? null);
  const field = (key: keyof ValidationInputs, label: string, type = 'text') => (
    <label className="grow">
      {label}
      <input
        className="mono"
        type={type}
        value={s.inputs[key]}
        onChange={(e) => s.inputsEdited({ [key]: e.target.value })}
      />
    </label>
  );
  return (
    <div className="page oidc">
      <header className="page-head">
        <h2>OpenID Connect</h2>
        <span className="muted">discovery and the id_token, checked step by step (OIDC Core §3.1.3.7)</span>
      </header>
      <MockRunPanel />
      <div className="columns">
        <div className="col">
          <form
            className="request-form"
            aria-label="Discovery"
            onSubmit={(e) => (e.preventDefault(), void s.discoveryRequested())}
          >
            <h3>Discovery</h3>
            <div className="form-row">
              <label className="grow">
                Issuer URL
                <input
                  className="mono"
                  value={s.issuer}
                  placeholder="https://accounts.example.com"
                  onChange={(e) => s.issuerEdited(e.target.value)}
                />
              </label>
              {mockBase && (
                <button type="button" onClick={() => s.issuerEdited(mockBase)}>
                  Use the mock
                </button>
              )}
              <button type="submit" className="primary" disabled={s.discovering || !s.issuer.trim()}>
                Discover
              </button>
            </div>
            <p className="muted">
              /.well-known/openid-configuration (OIDC Discovery 1.0), else /.well-known/oauth-authorization-server (RFC
              8414).
            </p>
          </form>
          {s.discoveryError && (
            <p className="error" role="alert">
              {s.discoveryError}
            </p>
          )}
          {s.discovery && (
            <ErrorBoundary what="The discovery result" resetKey={s.discovery}>
              <section aria-label="Discovery result">
                <Checks checks={s.discovery.checks} title="Discovery checks" />
                <DiscoveryVerdict discovery={s.discovery} />
                <h4>{s.discovery.url}</h4>
                {s.discovery.redirects.length > 0 && (
                  <ul className="oidc-redirects" aria-label="Redirects followed">
                    {s.discovery.redirects.map((r) => (
                      <li key={r.from} className="mono">
                        {redirectLine(r)}
                      </li>
                    ))}
                  </ul>
                )}
                <pre className="mono wire oidc-doc">{JSON.stringify(s.discovery.document, null, 2)}</pre>
              </section>
            </ErrorBoundary>
          )}
        </div>
        <div className="col">
          <form
            className="request-form"
            aria-label="id_token validation inputs"
            onSubmit={(e) => (e.preventDefault(), void s.validationRequested(jwks?.url))}
          >
            <h3>id_token</h3>
            {fromFlow && (
              <button type="button" onClick={() => s.inputsEdited(fromFlow)}>
                Take the OAuth 2 flow's id_token
              </button>
            )}
            <label htmlFor="oidc-id-token">id_token</label>
            <textarea
              id="oidc-id-token"
              className="mono"
              spellCheck={false}
              value={s.inputs.idToken}
              onChange={(e) => s.inputsEdited({ idToken: e.target.value })}
            />
            <div className="form-row">
              {field('clientId', 'client_id')}
              {field('clientSecret', 'Client secret (HS256)', 'password')}
            </div>
            <div className="form-row">
              {field('nonce', 'Nonce sent')}
              {field('registeredAlg', 'Registered alg (empty: any discovered)')}
            </div>
            <div className="form-row">
              {field('accessToken', 'Access token (for at_hash)', 'password')}
              {field('code', 'Authorization code (for c_hash)', 'password')}
            </div>
            <div className="form-row">{field('maxAge', 'max_age sent, s (for auth_time)')}</div>
            <div className="send-row">
              <button type="submit" className="primary" disabled={s.validating || !s.inputs.idToken.trim()}>
                Validate
              </button>
              {jwks ? (
                <span className="muted" aria-label="JWKS used">
                  JWKS: <span className="mono">{jwks.url}</span> (
                  {jwks.source === 'profile' ? "from the OAuth 2 page's profile" : "from the provider's metadata"})
                </span>
              ) : (
                !s.discovery && (
                  <span className="muted">
                    Discover the issuer first: the JWKS and the allowed algorithms come from it.
                  </span>
                )
              )}
            </div>
          </form>
          {s.validationError && (
            <p className="error" role="alert">
              {s.validationError}
            </p>
          )}
          {s.trace && (
            <ErrorBoundary what="The id_token validation" resetKey={s.trace}>
              <IdTokenSteps trace={s.trace} />
            </ErrorBoundary>
          )}
          {s.trace && (
            <ErrorBoundary what="The access token" resetKey={s.inputs.accessToken}>
              <AccessTokenView token={s.inputs.accessToken} />
            </ErrorBoundary>
          )}
          <ErrorBoundary what="UserInfo" resetKey={s.trace}>
            <UserInfoPanel />
          </ErrorBoundary>
        </div>
      </div>
      <ErrorBoundary what="The token lifecycle" resetKey={s.discovery}>
        <LifecyclePanel endpoints={s.discovery?.endpoints ?? null} />
      </ErrorBoundary>
    </div>
  );
}
