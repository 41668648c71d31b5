import { TOKEN_ENDPOINT_GRANTS } from '../shared/flows/driver/registry';
import { useApp } from './app/stores';
import type { Page } from './state/app-store';

const PAGES: readonly { id: Page; title: string }[] = [
  { id: 'oauth1', title: 'OAuth 1.0a' },
  { id: 'oauth2', title: 'OAuth 2' },
  { id: 'client-credentials', title: 'Client credentials' },
  { id: 'device', title: 'Device authorization' },
  ...TOKEN_ENDPOINT_GRANTS.map((g) => ({ id: `grant-${g.spec.command}` as const, title: g.spec.title })),
  { id: 'grant-id-jag', title: 'ID-JAG' },
  { id: 'oidc', title: 'OpenID Connect' },
  { id: 'mcp', title: 'MCP authorization' },
  { id: 'mock', title: 'Mock provider' },
  { id: 'grade', title: 'Grade a client' },
  { id: 'signer', title: 'Request signer' },
  { id: 'debugger', title: 'Signature debugger' },
  { id: 'profiles', title: 'Profiles' },
  { id: 'history', title: 'History' },
];

/** The navigation between pages, with the mock's status and where the store is. */
export function Sidebar() {
  const page = useApp((s) => s.page);
  const pageChosen = useApp((s) => s.pageChosen);
  const mock = useApp((s) => s.mock);
  const info = useApp((s) => s.info);
  return (
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
  );
}
