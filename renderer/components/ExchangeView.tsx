import { useState } from 'react';
import { headerValue, type Exchange, type TransportExchange } from '../../shared/http';
import { prettyBody, requestText, responseText } from '../../shared/http-text';
import { CopyButton } from './CopyButton';

const ms = (v: number | null | undefined) => (v === null || v === undefined ? '–' : `${v.toFixed(1)} ms`);

/** A response as the server sent it: status, headers, body pretty-printed, timings; the raw request one click away. */
export function ExchangeView({ exchange }: { exchange: Exchange | TransportExchange }) {
  const [raw, setRaw] = useState(false);
  const { response, timings } = exchange;
  const body = prettyBody(response.bodyText, headerValue(response.headers, 'content-type'));
  const tls = 'tls' in exchange ? exchange.tls : null;
  const status = response.status >= 200 && response.status < 300 ? 'ok' : response.status >= 400 ? 'bad' : 'other';
  return (
    <section className="exchange" aria-label="Response">
      <div className="status-line">
        <span className={`status ${status}`}>{response.status} {response.statusText}</span>
        <span className="muted">{ms(timings.total)} total · first byte {ms(timings.firstByte)} · connect {ms(timings.connect)}{timings.tls !== null ? ` · TLS ${ms(timings.tls)}` : ''} · {response.bodySize} bytes</span>
        <button type="button" className="link" aria-pressed={raw} onClick={() => setRaw(!raw)}>{raw ? 'Formatted' : 'Raw exchange'}</button>
      </div>
      {tls?.warning && <p className="warning" role="alert">{tls.warning}</p>}
      {raw ? (
        <>
          <div className="value-head"><span className="value-label">Request</span><CopyButton text={requestText(exchange.request)} label="raw request" /></div>
          <pre className="mono wire">{requestText(exchange.request)}</pre>
          <div className="value-head"><span className="value-label">Response</span><CopyButton text={responseText(response)} label="raw response" /></div>
          <pre className="mono wire">{responseText(response)}</pre>
        </>
      ) : (
        <>
          <table className="headers">
            <caption className="sr-only">Response headers</caption>
            <tbody>
              {response.headers.map(([n, v], i) => (
                <tr key={`${n}-${i}`}><th scope="row" className="mono">{n}</th><td className="mono break">{v}</td></tr>
              ))}
            </tbody>
          </table>
          <div className="value-head"><span className="value-label">Body ({body.kind})</span><CopyButton text={response.bodyText} label="response body" /></div>
          <pre className="mono wire">{body.text || <span className="muted">(empty)</span>}</pre>
        </>
      )}
    </section>
  );
}
