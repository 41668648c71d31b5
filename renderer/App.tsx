import { lazy, Suspense, useEffect } from 'react';
import { useApp } from './app/stores';
import { ErrorBoundary } from './components/ErrorBoundary';
import { usePageScroll } from './components/use-page-scroll';
import { useLeaveWarning } from './features/flow/use-leave-warning';
import { ClockBanner } from './features/mock/ClockBanner';
import { Sidebar } from './Sidebar';
import { OAuth1Page } from './features/oauth1/OAuth1Page';
import { ClientCredentialsPage } from './features/machine/ClientCredentialsPage';
import { DevicePage } from './features/machine/DevicePage';
import { TokenEndpointGrantPage } from './features/machine/TokenEndpointGrantPage';
import { IdJagPage } from './features/machine/IdJagPage';
import { TOKEN_ENDPOINT_GRANTS } from '../shared/flows/driver/registry';
import { OAuth2Page } from './features/oauth2/OAuth2Page';
import type { Page } from './state/app-store';
import { ErrorBanner } from './components/ErrorBanner';

// The flow pages load with the app; the others when first opened, so the first screen comes up sooner.
const OidcPage = lazy(async () => ({ default: (await import('./features/oidc/OidcPage')).OidcPage }));
const MockPage = lazy(async () => ({ default: (await import('./features/mock/MockPage')).MockPage }));
const SignerPage = lazy(async () => ({ default: (await import('./features/signer/SignerPage')).SignerPage }));
const ProfilesPage = lazy(async () => ({ default: (await import('./features/profiles/ProfilesPage')).ProfilesPage }));
const DebuggerPage = lazy(async () => ({ default: (await import('./features/debugger/DebuggerPage')).DebuggerPage }));
const GradePage = lazy(async () => ({ default: (await import('./features/grade/GradePage')).GradePage }));
const McpPage = lazy(async () => ({ default: (await import('./features/mcp/McpPage')).McpPage }));
const HistoryPage = lazy(async () => ({ default: (await import('./features/history/HistoryPage')).HistoryPage }));

/** The shell: navigation, the mock's status, app-level errors, and the chosen page. */
export function App() {
  const page = useApp((s) => s.page);
  const appOpened = useApp((s) => s.appOpened);
  const error = useApp((s) => s.error);
  const errorDismissed = useApp((s) => s.errorDismissed);
  const info = useApp((s) => s.info);
  useEffect(() => {
    void appOpened();
  }, [appOpened]);
  useLeaveWarning();
  usePageScroll(page);
  return (
    <div className="shell">
      <Sidebar />
      <main className="content">
        {error && (
          <ErrorBanner onDismiss={errorDismissed}>
            <strong>{error.code}</strong>: {error.message}
          </ErrorBanner>
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
      {page === 'grant-id-jag' && <IdJagPage />}
      <Suspense fallback={<p className="muted">Loading…</p>}>
        {page === 'oidc' && <OidcPage />}
        {page === 'mcp' && <McpPage />}
        {page === 'mock' && <MockPage />}
        {page === 'grade' && <GradePage />}
        {page === 'signer' && <SignerPage />}
        {page === 'debugger' && <DebuggerPage />}
        {page === 'profiles' && <ProfilesPage />}
        {page === 'history' && <HistoryPage />}
      </Suspense>
    </>
  );
}
