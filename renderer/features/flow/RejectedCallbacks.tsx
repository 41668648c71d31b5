import { maskText } from '../../components/mask';
import type { RejectedCallback } from '../../state/rejected-callbacks';

const time = (at: number) => new Date(at).toLocaleTimeString();

/**
 * Requests to the callback URL that the catcher refused while this flow waited (not its state or request token).
 * The query comes from whoever sent the request: shown as text, with codes and tokens masked.
 */
export function RejectedCallbacks({ rejected, waiting }: { rejected: readonly RejectedCallback[]; waiting: boolean }) {
  if (rejected.length === 0) return null;
  return (
    <section className="rejected-callbacks" aria-label="Refused callbacks">
      <h4>Refused requests to the callback ({rejected.length})</h4>
      <ul>
        {rejected.map((r, i) => (
          <li key={i}>
            <span className="mono muted">{time(r.at)}</span>{' '}
            <code className="mono break">{r.query === '' ? '(no query)' : `?${maskText(r.query)}`}</code>
            <span className="reason">
              {r.reason}
              {waiting ? '; still waiting.' : '.'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
