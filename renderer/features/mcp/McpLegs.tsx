import { Checks } from '../../components/Checks';
import { ExchangeView } from '../../components/ExchangeView';
import type { McpLeg } from './mcp-store';

/**
 * The chain's legs in order, each with the requests it sent and their answers (secrets masked), its checks and its
 * remarks. Everything here may come from a server: rendered as text.
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
          {leg.lines.map((line, j) => (
            <p key={j} className="mcp-line">
              {line}
            </p>
          ))}
          {leg.exchanges.map((exchange, j) => (
            <div key={j} className="mcp-exchange">
              <p className="mono request-line">
                {exchange.request.method} {exchange.request.url}
              </p>
              <ExchangeView exchange={exchange} secrets={secrets} />
            </div>
          ))}
          <Checks checks={leg.checks} />
        </li>
      ))}
    </ol>
  );
}
