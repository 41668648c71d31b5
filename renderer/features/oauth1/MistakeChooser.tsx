import { useMemo } from 'react';
import type { SignatureTrace } from '../../../shared/oauth1';
import { useOAuth1 } from '../../app/stores';
import { mistakesFor } from '../../state/deliberate-mistake';
import type { OAuth1Draft, SignedLeg } from '../../state/oauth1/oauth1-drafts';

/**
 * "Make a mistake on purpose": each client mistake the signature debugger names, made on the next request this leg
 * sends, so the learner sees the server refuse it, the two base strings and the debugger's diagnosis.
 */
export function MistakeChooser({ leg, trace, draft }: { leg: SignedLeg; trace: SignatureTrace; draft: OAuth1Draft }) {
  const chosen = useOAuth1((s) => s.mistakes[leg] ?? null);
  const mistakeChosen = useOAuth1((s) => s.mistakeChosen);
  const mistakes = useMemo(() => {
    try {
      return mistakesFor(trace, draft);
    } catch {
      // A request the debugger cannot read (the form has an error): nothing to offer until it is fixed.
      return [];
    }
  }, [trace, draft]);
  const groups = [...new Set(mistakes.map((m) => m.title))];
  // The list is rebuilt from the request as it is edited; a choice stays while the same mistake is on offer.
  const selected = chosen
    ? (mistakes.find((m) => m.title === chosen.title && m.detail === chosen.detail)?.id ?? '')
    : '';
  return (
    <details className="mistake" open={chosen !== null}>
      <summary>Make a mistake on purpose</summary>
      {mistakes.length === 0 ? (
        <p className="muted small">
          {draft.signatureMethod.startsWith('RSA-')
            ? 'Not with RSA: the page never holds the private key, so it cannot sign the wrong way.'
            : 'Fix the request first.'}
        </p>
      ) : (
        <>
          {/* Not a wrapping label: its options' text would become part of the label (and match other fields' names). */}
          <label className="grow" htmlFor={`mistake-${leg}`}>
            Mistake for the next Send
          </label>
          <select
            id={`mistake-${leg}`}
            value={selected}
            onChange={(e) => mistakeChosen(leg, mistakes.find((m) => m.id === e.target.value) ?? null)}
          >
            <option value="">None: sign it right</option>
            {groups.map((title) => (
              <optgroup key={title} label={title}>
                {mistakes
                  .filter((m) => m.title === title)
                  .map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.detail}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
          <p className="muted small">
            {chosen ? (
              <>
                The next Send makes this mistake once: <strong>{chosen.title}</strong>. {chosen.detail}
              </>
            ) : (
              'The same mistakes the signature debugger names, made on the request this page signs, for the next Send only.'
            )}
          </p>
        </>
      )}
    </details>
  );
}
