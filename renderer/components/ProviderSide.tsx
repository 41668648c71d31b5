import {
  compareBaseStringParts,
  diffStrings,
  firstDifference,
  groupByCause,
  type CauseGroup,
} from '../../shared/oauth1/debug';
import type { ProviderEventView } from '../state/provider-match';

/**
 * The mock's side of a request: its verdict, and when it rejected the signature, both base strings
 * one above the other with the first difference marked and the causes in plain words.
 */
export function ProviderSide({
  event,
  clientBaseString,
}: {
  event: ProviderEventView;
  clientBaseString: string | null;
}) {
  const sig = event.signature;
  const server = sig?.baseString ?? null;
  const comparison = clientBaseString && server ? compare(clientBaseString, server) : null;
  const keyDiffers = comparison?.same && sig?.clientSignature !== sig?.expectedSignature;
  return (
    <section className={`provider ${event.verdict.ok ? 'ok' : 'bad'}`} aria-label="Provider's view">
      <h4>The mock provider's view</h4>
      <p>
        <strong>{event.verdict.ok ? 'Accepted' : 'Rejected'}</strong> <code>{event.verdict.reason}</code>:{' '}
        {event.verdict.message}
      </p>
      {comparison && !comparison.same && (
        <div className="diff" aria-label="Signature base string difference">
          <p>The base strings differ from character {comparison.firstDifference! + 1}:</p>
          <DiffLine label="Yours" text={clientBaseString!} at={comparison.firstDifference!} />
          <DiffLine label="Provider's" text={server!} at={comparison.firstDifference!} />
          <ul className="causes">
            {comparison.causes.map((c) => (
              <li key={c.cause}>
                <strong>{c.title}</strong> ({c.section}): {c.details.join(' ')}
              </li>
            ))}
          </ul>
        </div>
      )}
      {keyDiffers && (
        <p className="cause">
          The base strings match but the signatures differ, so the signing key differs: check the consumer secret and
          the token secret (RFC 5849 §3.4.2).
        </p>
      )}
      {event.assumptions.length > 0 && (
        <ul className="assumptions">
          {event.assumptions.map((a) => (
            <li key={a}>Assumption: {a}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Where the two base strings part, and why, from the signature debugger's comparison (shared/oauth1/debug). */
function compare(
  client: string,
  server: string
): { same: boolean; firstDifference: number | null; causes: readonly CauseGroup[] } {
  const at = firstDifference(diffStrings(client, server));
  if (at === null) return { same: true, firstDifference: null, causes: [] };
  try {
    return { same: false, firstDifference: at, causes: groupByCause(compareBaseStringParts(client, server)) };
  } catch {
    // A base string that is not METHOD&URI&PARAMETERS: the marked difference is all there is to show.
    return { same: false, firstDifference: at, causes: [] };
  }
}

function DiffLine({ label, text, at }: { label: string; text: string; at: number }) {
  return (
    <div className="diff-line">
      <span className="value-label">{label}</span>
      <pre className="mono wire">
        {text.slice(0, at)}
        <mark>{text.slice(at, at + 1) || '∅'}</mark>
        {text.slice(at + 1)}
      </pre>
    </div>
  );
}
