import { ExchangeView } from '../../components/ExchangeView';
import { pathOf, type ProviderEventView } from '../../state/provider-match';

/** What the mock received, newest first; each entry opens to its exchange, verdict and the mock's base string. */
export function MockLog({ events }: { events: readonly ProviderEventView[] }) {
  const newest = [...events].reverse().slice(0, 200);
  if (!newest.length)
    return <p className="muted">Nothing yet: requests the mock receives appear here as they arrive.</p>;
  return (
    <ol className="log">
      {newest.map((e) => (
        <li key={e.id} className={e.verdict.ok ? 'ok' : 'bad'}>
          <details>
            <summary>
              <code>
                {e.exchange.request.method} {pathOf(e.exchange.request.url)}
              </code>{' '}
              → <span className={e.verdict.ok ? 'status ok' : 'status bad'}>{e.exchange.response.status}</span>{' '}
              <span className="muted">
                {e.verdict.reason}: {e.verdict.message}
              </span>
            </summary>
            {e.signature?.baseString && <pre className="mono wire">{e.signature.baseString}</pre>}
            <ExchangeView exchange={e.exchange} />
          </details>
        </li>
      ))}
    </ol>
  );
}
