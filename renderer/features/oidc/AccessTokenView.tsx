import { describeAccessToken } from '../../../shared/oidc';

/** What the client can see in the access token: an RFC 9068 (https://www.rfc-editor.org/rfc/rfc9068) JWT decoded (not verified), or that it is opaque. */
export function AccessTokenView({ token }: { token: string }) {
  if (!token.trim()) return null;
  const v = describeAccessToken(token);
  return (
    <section aria-label="Access token">
      <h4>Access token</h4>
      {v.kind === 'opaque' ? (
        <p className="muted">{v.note}</p>
      ) : (
        <>
          <ul className="checks">
            <li>
              {v.profile ? 'A JWT access token (RFC 9068).' : 'A JWT, not the RFC 9068 profile.'} Expires{' '}
              {v.expiresAt ?? 'at no stated time'}; audience {v.audience.join(', ') || 'none'}.
            </li>
            {v.notes.map((n) => (
              <li key={n} className="muted">
                {n}
              </li>
            ))}
          </ul>
          <pre className="mono wire">{JSON.stringify({ header: v.header, claims: v.claims }, null, 2)}</pre>
        </>
      )}
    </section>
  );
}
