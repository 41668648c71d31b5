import { Checks } from '../../components/Checks';
import { ExchangeView } from '../../components/ExchangeView';
import type { McpLeg } from '../../state/mcp/mcp-state';

/**
 * The chain's legs in order: each remark and request as it happened (a request folded to its line and status, the
 * answer one click away with secrets masked), the URL the browser was sent to, the leg's checks. Everything here
 * may come from a server: rendered as text.
 */
export function McpLegs({ legs, secrets }: { legs: readonly McpLeg[]; secrets: readonly string[] }) {
  if (!legs.length) return null;
  return (
    <ol className="mcp-legs" aria-label="Legs">
      {legs.map((leg, i) => (
        <li key={i} className="mcp-leg">
          <h4>
            <span className="leg-num">{i + 1}</span> {leg.title}
          </h4>
          {leg.items.map((item, j) =>
            item.kind === 'line' ? (
              <p key={j} className="mcp-line">
                {item.text}
              </p>
            ) : (
              <details key={j} className="mcp-exchange">
                <summary>
                  <span className="mono">
                    {item.exchange.request.method} {item.exchange.request.url}
                  </span>{' '}
                  <span className={`status ${statusTone(item.exchange.response.status)}`}>
                    → {item.exchange.response.status} {item.exchange.response.statusText}
                  </span>
                </summary>
                <ExchangeView exchange={item.exchange} secrets={secrets} />
              </details>
            )
          )}
          {leg.authorizationUrl && (
            <p className="mcp-line">
              Authorization URL: <span className="mono">{leg.authorizationUrl}</span>
            </p>
          )}
          <Checks checks={leg.checks} />
        </li>
      ))}
    </ol>
  );
}

const statusTone = (status: number) => (status >= 200 && status < 300 ? 'ok' : status >= 400 ? 'bad' : 'other');
