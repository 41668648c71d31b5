import { lazy, Suspense, useEffect } from 'react';
import { useApp } from './app/stores';
import { ErrorBoundary } from './components/ErrorBoundary';
import { useLeaveWarning } from './features/flow/use-leave-warning';
import { ClockBanner } from './features/mock/ClockBanner';
import { OAuth1Page } from './features/oauth1/OAuth1Page';
import { ClientCredentialsPage } from './features/machine/ClientCredentialsPage';
import { DevicePage } from './features/machine/DevicePage';
import { TokenEndpointGrantPage } from './features/machine/TokenEndpointGrantPage';
import { TOKEN_ENDPOINT_GRANTS } from '../shared/flows/driver/registry';
import { OAuth2Page } from './features/oauth2/OAuth2Page';
import type { Page } from './state/app-store';

// The flow pages load with the app; the others when first opened, so the first screen comes up sooner.
const OidcPage = lazy(async () => ({ default: (await import('./features/oidc/OidcPage')).OidcPage }));
const MockPage = lazy(async () => ({ default: (await import('./features/mock/MockPage')).MockPage }));
const SignerPage = lazy(async () => ({ default: (await import('./features/signer/SignerPage')).SignerPage }));
const ProfilesPage = lazy(async () => ({ default: (await import('./features/profiles/ProfilesPage')).ProfilesPage }));
const DebuggerPage = lazy(async () => ({ default: (await import('./features/debugger/DebuggerPage')).DebuggerPage }));
const McpPage = lazy(async () => ({ default: (await import('./features/mcp/McpPage')).McpPage }));
const HistoryPage = lazy(async () => ({ default: (await import('./features/history/HistoryPage')).HistoryPage }));

const PAGES: readonly { id: Page; title: string }[] = [
  { id: 'oauth1', title: 'OAuth 1.0a' },
  { id: 'oauth2', title: 'OAuth 2' },
  { id: 'client-credentials', title: 'Client credentials' },
  { id: 'device', title: 'Device authorization' },
  ...TOKEN_ENDPOINT_GRANTS.map((g) => ({ id: `grant-${g.spec.command}` as const, title: g.spec.title })),
  { id: 'oidc', title: 'OpenID Connect' },
  { id: 'mcp', title: 'MCP authorization' },
  { id: 'mock', title: 'Mock provider' },
  { id: 'signer', title: 'Request signer' },
  { id: 'debugger', title: 'Signature debugger' },
  { id: 'profiles', title: 'Profiles' },
  { id: 'history', title: 'History' },
];

/** The shell: navigation, the mock's status, app-level errors, and the chosen page. */
export function App() {
  const page = useApp((s) => s.page);
  const pageChosen = useApp((s) => s.pageChosen);
  const appOpened = useApp((s) => s.appOpened);
  const error = useApp((s) => s.error);
  const errorDismissed = useApp((s) => s.errorDismissed);
  const mock = useApp((s) => s.mock);
  const info = useApp((s) => s.info);
  useEffect(() => {
    void appOpened();
  }, [appOpened]);
  useLeaveWarning();
  return (
    <div className="shell">
      <nav className="sidebar" aria-label="Pages">
        <div className="brand">OAuth Lab</div>
        <ul>
          {PAGES.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className={page === p.id ? 'nav current' : 'nav'}
                aria-current={page === p.id ? 'page' : undefined}
                onClick={() => pageChosen(p.id)}
              >
                {p.title}
              </button>
            </li>
          ))}
        </ul>
        <div className="sidebar-foot">
          <span className={mock.running ? 'dot on' : 'dot'} aria-hidden />
          <span>{mock.running ? `Mock at ${mock.baseUrl}` : 'Mock stopped'}</span>
          {mock.mtlsBaseUrl && <p className="muted small">mutual TLS at {mock.mtlsBaseUrl}</p>}
          {info?.secretStorage === 'file' && (
            <p className="muted small">Secrets are kept in a file only you can read (no system keychain here).</p>
          )}
          {info?.storePath && (
            <p className="muted small store-path">
              Profiles, tokens and history: <code title={info.storePath}>{info.storePath}</code>
            </p>
          )}
        </div>
      </nav>
      <main className="content">
        {error && (
          <div className="banner error" role="alert">
            <span>
              <strong>{error.code}</strong>: {error.message}
            </span>
            <button type="button" onClick={errorDismissed}>
              Dismiss
            </button>
          </div>
        )}
        {info?.notices.map((n) => (
          <div key={n} className="banner notice" role="status">
            {n}
          </div>
        ))}
        <ClockBanner />
        <ErrorBoundary what="This page" resetKey={page}>
          <ChosenPage page={page} />
        </ErrorBoundary>
      </main>
    </div>
  );
}

/** The page chosen in the navigation (the flow pages at once, the others loaded when first opened). */
function ChosenPage({ page }: { page: Page }) {
  return (
    <>
      {page === 'oauth1' && <OAuth1Page />}
      {page === 'oauth2' && <OAuth2Page />}
      {page === 'client-credentials' && <ClientCredentialsPage />}
      {page === 'device' && <DevicePage />}
      {TOKEN_ENDPOINT_GRANTS.map(
        (g) => page === `grant-${g.spec.command}` && <TokenEndpointGrantPage key={g.spec.command} grant={g} />
      )}
      <Suspense fallback={<p className="muted">Loading…</p>}>
        {page === 'oidc' && <OidcPage />}
        {page === 'mcp' && <McpPage />}
        {page === 'mock' && <MockPage />}
        {page === 'signer' && <SignerPage />}
        {page === 'debugger' && <DebuggerPage />}
        {page === 'profiles' && <ProfilesPage />}
        {page === 'history' && <HistoryPage />}
      </Suspense>
    </>
  );
}
