import type { OAuth2Leg } from '../../../shared/flows/oauth2-flow';
import { useOAuth2 } from '../../app/stores';

/**
 * The explainer's verdict on this failed leg (shared/explain/), from the flow's recorded legs: the most likely
 * cause id, its evidence (codes and tokens by fingerprint) and the RFC section, under the refusal.
 */
export function FlowVerdictView({ leg }: { leg: OAuth2Leg }) {
  const verdict = useOAuth2((s) => s.verdicts[leg]);
  if (!verdict) return null;
  if ('none' in verdict)
    return (
      <p className="muted small" aria-label="Why it failed">
        Why it failed: {verdict.none}
      </p>
    );
  const { cause } = verdict;
  return (
    <section className="explain-failed" aria-label="Why it failed">
      <h4>Why it failed: the explainer’s most likely cause</h4>
      <p>
        <code className="explain-id">{cause.id}</code> <span className="muted">{cause.rfc}</span>
      </p>
      <p>{cause.evidence}</p>
      <p className="muted small">
        Entries are this profile’s recorded legs, oldest first, the authorization request and its redirect among them;
        the History page’s “Explain the history” reads the same legs.
      </p>
    </section>
  );
}
