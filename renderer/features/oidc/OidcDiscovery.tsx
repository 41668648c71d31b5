import { discoveredPreset, discoveryWarnings, redirectLine, type Discovered } from '../../../shared/oidc';
import { Checks } from '../../components/Checks';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { useApp, useAppStore, useDeps } from '../../app/stores';
import { keptProfilesStore } from '../../state/profiles/kept-store';
import { useOidc } from './use-oidc';

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

/** The issuer to discover, with the mock's as a shortcut; Discover fetches its metadata. */
function DiscoveryForm() {
  const mockBase = useApp((s) => s.mock.baseUrl);
  const s = useOidc((x) => x);
  return (
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
        /.well-known/openid-configuration (OIDC Discovery 1.0), else /.well-known/oauth-authorization-server (RFC 8414).
      </p>
    </form>
  );
}

/** The Discovery column: the issuer, then the document fetched, its checks, the redirects followed, its verdict. */
export function OidcDiscovery() {
  const s = useOidc((x) => x);
  return (
    <div className="col">
      <DiscoveryForm />
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
  );
}
