import { Checks } from '../../components/Checks';
import { ExchangeView } from '../../components/ExchangeView';
import { ProviderSide } from '../../components/ProviderSide';
import { useApp, useOAuth1 } from '../../app/stores';
import type { SignedLeg } from '../../state/oauth1/oauth1-drafts';
import { findProviderEvent } from '../../state/provider-match';
import { MistakeResult } from './MistakeResult';

/** What came back from a signed leg's last send: the error or the outcome with its checks, the mock's view, the exchange. */
export function LegResult({ leg }: { leg: SignedLeg }) {
  const run = useOAuth1((s) => s.runs[leg]);
  const draft = useOAuth1((s) => s.drafts[leg]);
  const mockEvents = useApp((s) => s.mockEvents);
  const mockBaseUrl = useApp((s) => s.mock.baseUrl);
  if (!run || run.sending) return null;
  const sentNonce = run.sent?.params.find((p) => p.name === 'oauth_nonce')?.value;
  const provider = run.exchange ? findProviderEvent(mockEvents, run.exchange, mockBaseUrl, sentNonce) : null;
  return (
    <div className="result" aria-live="polite">
      {run.error && (
        <p className="error" role="alert">
          <strong>{run.error.code}</strong>: {run.error.message}
        </p>
      )}
      {run.outcome && <p className={run.outcome.ok ? 'summary ok' : 'summary bad'}>{run.outcome.summary}</p>}
      {run.outcome && <Checks checks={run.outcome.checks} />}
      {provider && (
        <ProviderSide event={provider} clientBaseString={run.mistake?.baseString ?? run.sent?.baseString ?? null} />
      )}
      {run.mistake && draft && <MistakeResult applied={run.mistake} secrets={draft} />}
      {run.exchange && <ExchangeView exchange={run.exchange} />}
    </div>
  );
}
