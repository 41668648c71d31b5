import { DEFAULT_CLOCK_SKEW_SECONDS, describeAccessToken } from '../../../shared/oidc';
import { useDeps } from '../../app/stores';
import { ValidationSteps } from './ValidationSteps';

/**
 * What the client can see in the access token: an RFC 9068 (https://www.rfc-editor.org/rfc/rfc9068) JWT decoded (not
 * verified) with the profile's checks, the same the CLI prints, or that it is opaque.
 */
export function AccessTokenView({ token }: { token: string }) {
  const { now } = useDeps();
  if (!token.trim()) return null;
  const v = describeAccessToken(token, { now: now(), clockSkewSeconds: DEFAULT_CLOCK_SKEW_SECONDS });
  return (
    <section aria-label="Access token">
      <h4>Access token</h4>
      {v.kind === 'opaque' ? (
        <p className="muted">{v.note}</p>
      ) : (
        <>
          <p>
            {v.profile ? 'A JWT access token (RFC 9068).' : 'A JWT, not the RFC 9068 profile.'} Expires{' '}
            {v.expiresAt ?? 'at no readable time'}; audience {v.audience.join(', ') || 'none'}.
          </p>
          <ValidationSteps steps={v.steps} label="Access token checks" />
          {v.notes.map((n) => (
            <p key={n} className="muted">
              {n}
            </p>
          ))}
          <pre className="mono wire">{JSON.stringify({ header: v.header, claims: v.claims }, null, 2)}</pre>
        </>
      )}
    </section>
  );
}
