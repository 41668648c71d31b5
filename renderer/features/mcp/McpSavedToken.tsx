import { useDeps } from '../../app/stores';
import { Secret } from '../../components/Secret';
import { useMcp } from './use-mcp';

/** ISO time without milliseconds: what the CLI prints for the same token. */
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The token saved for the server the form names (as `oauth-lab mcp` saves it, a profile per server), masked; the
 * next Connect uses it, refreshes it past its expiry, and authorizes again only when the refresh is refused.
 */
export function McpSavedToken() {
  const { now } = useDeps();
  const saved = useMcp((s) => s.saved);
  const problem = useMcp((s) => s.savedProblem);
  const running = useMcp((s) => s.running);
  const forget = useMcp((s) => s.savedForgotten);
  if (problem)
    return (
      <p className="bad" role="alert">
        {problem}
      </p>
    );
  if (!saved) return null;
  const { token, profile } = saved;
  const expired = token.expiresAt !== null && token.expiresAt <= now();
  return (
    <section className="mcp-saved" aria-label="Saved token">
      <h3>Saved token for this server</h3>
      <dl>
        <dt>Access token</dt>
        <dd>
          <Secret value={token.token} label="saved access token" />
        </dd>
        <dt>Scope</dt>
        <dd className="mono">{token.scope || '(none)'}</dd>
        <dt>Expires</dt>
        <dd>
          {token.expiresAt === null ? 'no expiry given' : `${iso(token.expiresAt)}${expired ? ' (expired)' : ''}`}
          {token.refreshToken
            ? expired
              ? ': refreshed on Connect'
              : ', with a refresh token'
            : expired
              ? ': no refresh token, Connect authorizes again'
              : ''}
        </dd>
        <dt>Client</dt>
        <dd className="mono">{profile.oauth2.clientId}</dd>
        <dt>Profile</dt>
        <dd>{profile.name}</dd>
      </dl>
      <button type="button" disabled={running} onClick={() => void forget()}>
        Forget this server&apos;s token
      </button>
    </section>
  );
}
