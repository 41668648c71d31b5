import type { RawResponse } from '../../../shared/http';
import { providerMessage, sentence } from '../../../shared/provider-message';
import { ExchangeView } from '../../components/ExchangeView';
import { ProviderSide } from '../../components/ProviderSide';
import { useApp } from '../../app/stores';
import { findProviderEvent, isMockUrl } from '../../state/provider-match';
import type { SignerRun } from '../../state/signer/signer-state';
import { stepTitle } from './steps';

/** What came back from the last send: the status in words, the mock's verdict on it, and the exchange. */
export function SignerResult({ run }: { run: SignerRun }) {
  const mock = useApp((s) => s.mock);
  const events = useApp((s) => s.mockEvents);
  if (run.sending)
    return (
      <p className="muted" role="status">
        Sending…
      </p>
    );
  const { sent, exchange, error } = run;
  const toMock = !!sent && isMockUrl(sent.request.url, mock.baseUrl);
  const nonce = sent?.params.find((p) => p.name === 'oauth_nonce')?.value;
  const provider = exchange ? findProviderEvent(events, exchange, mock.baseUrl, nonce) : null;
  const step = error?.details?.step;
  return (
    <section className="signer-result" aria-label="Result" aria-live="polite">
      {error && (
        <p className="error" role="alert">
          {typeof step === 'string' ? (
            <>
              Step “{stepTitle(step)}” (<code>{step}</code>) failed:{' '}
            </>
          ) : (
            <>
              <strong>{error.code}</strong>:{' '}
            </>
          )}
          {error.message}
        </p>
      )}
      {exchange && <Summary response={exchange.response} />}
      {sent && nonce && (
        <p className="muted small">
          Sent with oauth_nonce <code>{nonce}</code>; the form has a fresh nonce for the next send.
        </p>
      )}
      {provider && <ProviderSide event={provider} clientBaseString={sent?.baseString ?? null} />}
      {toMock && exchange && !provider && <p className="muted small">Waiting for the mock's record of this request…</p>}
      {exchange && <ExchangeView exchange={exchange} />}
    </section>
  );
}

/** The status in words; a refusal in the server's own words (oauth_problem and its advice, an error body, …). */
function Summary({ response }: { response: RawResponse }) {
  const { status, statusText } = response;
  const ok = status >= 200 && status < 300;
  const said = ok ? null : providerMessage(response);
  return (
    <p className={ok ? 'summary ok' : 'summary bad'}>
      {ok
        ? `The server accepted the request: ${status} ${statusText}.`
        : `The server answered ${status} ${statusText}${said ? `: ${sentence(said.text)}` : '.'}`}
    </p>
  );
}
