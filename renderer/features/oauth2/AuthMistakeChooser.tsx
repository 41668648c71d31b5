import { CLIENT_AUTH_MISTAKES, clientAuthMistakesFor } from '../../../shared/oauth2/client-auth-mistakes';
import { useOAuth2 } from '../../app/stores';
import { acceptedAssertion } from '../../state/oauth2/auth-mistake-choice';
import type { SentLeg } from '../../state/oauth2/oauth2-flow-state';

/**
 * "Make a mistake on purpose" for the client's authentication on the token and refresh legs: an assertion for the
 * wrong audience, expired, with a replayed jti or signed with another key (RFC 7523 §3), or Basic credentials
 * without RFC 6749 §2.3.1's form-encoding; made on the next Send only, so the learner sees the server refuse it.
 */
export function AuthMistakeChooser({ leg }: { leg: SentLeg }) {
  const method = useOAuth2((s) => s.profile?.oauth2.clientAuthentication ?? 'none');
  const chosen = useOAuth2((s) => s.authMistakes[leg] ?? null);
  const chose = useOAuth2((s) => s.authMistakeChosen);
  // A jti can be replayed once the server accepted one on this leg (a refused one it may never have recorded).
  const replayable = useOAuth2((s) => !!acceptedAssertion(s.runs[leg]));
  const offered = clientAuthMistakesFor(method).filter((m) => m !== 'reused-jti' || replayable);
  if (offered.length === 0) return null;
  return (
    <details className="mistake" open={chosen !== null}>
      <summary>Make a mistake on purpose</summary>
      <label className="grow" htmlFor={`auth-mistake-${leg}`}>
        Client authentication mistake for the next Send
      </label>
      <select
        id={`auth-mistake-${leg}`}
        value={chosen ?? ''}
        onChange={(e) => chose(leg, (e.target.value || null) as typeof chosen)}
      >
        <option value="">None: authenticate right</option>
        {offered.map((m) => (
          <option key={m} value={m}>
            {CLIENT_AUTH_MISTAKES[m].title}
          </option>
        ))}
      </select>
      <p className="muted small">
        {chosen
          ? `The next Send makes this mistake once: ${CLIENT_AUTH_MISTAKES[chosen].detail}`
          : `Mistakes a server must refuse, made on this request for the next Send only.${replayable || !clientAuthMistakesFor(method).includes('reused-jti') ? '' : ' Once the server accepts an assertion, its jti can be replayed.'}`}
      </p>
    </details>
  );
}
