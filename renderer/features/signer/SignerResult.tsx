import { ExchangeView } from '../../components/ExchangeView';
import { ProviderSide } from '../../components/ProviderSide';
import { useApp } from '../../app/stores';
import { findProviderEvent, isMockUrl } from '../../state/provider-match';
import type { SignerRun } from './signer-store';
import { stepTitle } from './steps';

/** OAuth Problem Reporting's oauth_problem, when the body carries one (form-encoded, as RFC 5849 servers answer). */
function oauthProblem(body: string): string | null {
  const m = /(?:^|&)oauth_problem=([^&]*)/.exec(body.trim());
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]!.replace(/\+/g, ' '));
  } catch {
    return m[1]!;
  }
}

/** What came back from the last send: the status in words, the mock's verdict on it, and the exchange. */
export function SignerResult({ run }: { run: SignerRun }) {
  const mock = useApp((s) => s.mock);
  const events = useApp((s) => s.mockEvents);
  if (run.sending) return <p className="muted" role="status">Sending…</p>;
  const { sent, exchange, error } = run;
  const toMock = !!sent && isMockUrl(sent.request.url, mock.baseUrl);
  const nonce = sent?.params.find((p) => p.name === 'oauth_nonce')?.value;
  const provider = toMock && exchange ? findProviderEvent(events, nonce) : null;
  const step = error?.details?.step;
  return (
    <section className="signer-result" aria-label="Result" aria-live="polite">
      {error && (
        <p className="error" role="alert">
          {typeof step === 'string' ? <>Step “{stepTitle(step)}” (<code>{step}</code>) failed: </> : <><strong>{error.code}</strong>: </>}
          {error.message}
        </p>
      )}
      {exchange && <Summary status={exchange.response.status} statusText={exchange.response.statusText} body={exchange.response.bodyText} />}
      {sent && nonce && <p className="muted small">Sent with oauth_nonce <code>{nonce}</code>; the form has a fresh nonce for the next send.</p>}
      {provider && <ProviderSide event={provider} clientBaseString={sent?.baseString ?? null} />}
      {toMock && exchange && !provider && <p className="muted small">Waiting for the mock's record of this request…</p>}
      {exchange && <ExchangeView exchange={exchange} />}
    </section>
  );
}

function Summary({ status, statusText, body }: { status: number; statusText: string; body: string }) {
  const ok = status >= 200 && status < 300;
  const problem = ok ? null : oauthProblem(body);
  return (
    <p className={ok ? 'summary ok' : 'summary bad'}>
      {ok ? `The server accepted the request: ${status} ${statusText}.` : `The server answered ${status} ${statusText}${problem ? `: oauth_problem=${problem}` : ''}.`}
    </p>
  );
}
