import { useMemo, useState } from 'react';
import { headerValue, type Exchange, type TransportExchange } from '../../shared/http';
import { prettyBody, requestText, responseText } from '../../shared/http-text';
import { CopyButton } from './CopyButton';
import { maskExchange } from './mask';

const ms = (v: number | null | undefined) => (v === null || v === undefined ? '–' : `${v.toFixed(1)} ms`);

/** A body longer than this shows its start until the user asks for all of it (a 10 MB page would block the window). */
export const BODY_SHOWN_CHARS = 64 * 1024;
/** One empty list, so the masked exchange is computed once per exchange, not on every render. */
const NO_SECRETS: readonly string[] = [];

/**
 * A response as the server sent it: status, headers, body pretty-printed, timings; the raw exchange one click away.
 * Secrets in it (tokens, codes, client and token secrets, Basic credentials, cookies) are masked until
 * revealed; copy buttons copy the real text. `reveal`, when given, is the caller's switch (History has one for the
 * whole entry); otherwise the view has its own.
 */
export function ExchangeView({
  exchange,
  secrets = NO_SECRETS,
  reveal,
}: {
  exchange: Exchange | TransportExchange;
  secrets?: readonly string[];
  reveal?: boolean;
}) {
  const [raw, setRaw] = useState(false);
  const [ownReveal, setOwnReveal] = useState(false);
  const [all, setAll] = useState(false);
  const masked = useMemo(() => maskExchange(exchange, secrets), [exchange, secrets]);
  const revealed = reveal ?? ownReveal;
  const shown = revealed ? exchange : masked.exchange;
  const { response, timings } = exchange;
  const cut = !all && shown.response.bodyText.length > BODY_SHOWN_CHARS;
  const bodyText = cut ? shown.response.bodyText.slice(0, BODY_SHOWN_CHARS) : shown.response.bodyText;
  const body = cut
    ? { kind: 'start, as sent', text: bodyText }
    : prettyBody(bodyText, headerValue(response.headers, 'content-type'));
  const status = response.status >= 200 && response.status < 300 ? 'ok' : response.status >= 400 ? 'bad' : 'other';
  return (
    <section className="exchange" aria-label="Response">
      <div className="status-line">
        <span className={`status ${status}`}>
          {response.status} {response.statusText}
        </span>
        <span className="muted">
          {ms(timings.total)} total · first byte {ms(timings.firstByte)} · connect {ms(timings.connect)}
          {timings.tls !== null ? ` · TLS ${ms(timings.tls)}` : ''} · {response.bodySize} bytes
        </span>
        <button type="button" className="link" aria-pressed={raw} onClick={() => setRaw(!raw)}>
          {raw ? 'Formatted' : 'Raw exchange'}
        </button>
        {reveal === undefined && masked.changed && (
          <button type="button" className="link" aria-pressed={ownReveal} onClick={() => setOwnReveal(!ownReveal)}>
            {ownReveal ? 'Hide secrets' : 'Reveal secrets'}
          </button>
        )}
      </div>
      <ConnectionFacts exchange={exchange} />
      {raw ? (
        <RawExchange exchange={exchange} shown={shown} bodyText={bodyText} />
      ) : (
        <FormattedResponse exchange={exchange} shown={shown} body={body} />
      )}
      {cut && (
        <p className="muted small">
          The first {BODY_SHOWN_CHARS.toLocaleString('en-US')} characters are shown.{' '}
          <button type="button" className="link" onClick={() => setAll(true)}>
            Show all ({response.bodySize.toLocaleString('en-US')} bytes)
          </button>
        </p>
      )}
    </section>
  );
}

/** How the exchange travelled, when it is worth saying: the client certificate, the proxy, a TLS warning. */
function ConnectionFacts({ exchange }: { exchange: Exchange | TransportExchange }) {
  const tls = 'tls' in exchange ? exchange.tls : null;
  const proxy = 'proxy' in exchange ? exchange.proxy : null;
  return (
    <>
      {(tls?.clientCertificate || proxy) && (
        <ul className="muted small connection-facts" aria-label="Connection">
          {tls?.clientCertificate && (
            <li>
              Client certificate (RFC 8705 §2): <span className="mono break">{tls.clientCertificate.subject}</span>,
              SHA-256 <span className="mono break">{tls.clientCertificate.fingerprint256}</span>
            </li>
          )}
          {proxy && (
            <li>
              Via proxy <span className="mono">{proxy.url}</span> (from {proxy.source})
            </li>
          )}
        </ul>
      )}
      {tls?.warning && (
        <p className="warning" role="alert">
          {tls.warning}
        </p>
      )}
    </>
  );
}

interface ShownProps {
  exchange: Exchange | TransportExchange;
  /** The exchange as shown: masked unless revealed. */
  shown: Exchange | TransportExchange;
}

/** The exchange as HTTP/1.1 text, each side with its copy button (the copy is the real text). */
function RawExchange({ exchange, shown, bodyText }: ShownProps & { bodyText: string }) {
  const { response } = exchange;
  return (
    <>
      <div className="value-head">
        <span className="value-label">Request</span>
        <CopyButton text={requestText(exchange.request)} label="raw request" />
      </div>
      <pre className="mono wire">{requestText(shown.request)}</pre>
      <div className="value-head">
        <span className="value-label">Response</span>
        <CopyButton text={responseText(response)} label="raw response" />
      </div>
      <pre className="mono wire">{responseText({ ...shown.response, bodyText })}</pre>
    </>
  );
}

/** The response's headers and its body pretty-printed. */
function FormattedResponse({ exchange, shown, body }: ShownProps & { body: { kind: string; text: string } }) {
  const { response } = exchange;
  return (
    <>
      <table className="headers">
        <caption className="sr-only">Response headers</caption>
        <tbody>
          {shown.response.headers.map(([n, v], i) => (
            <tr key={`${n}-${i}`}>
              <th scope="row" className="mono">
                {n}
              </th>
              <td className="mono break">{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="value-head">
        <span className="value-label">Body ({body.kind})</span>
        <CopyButton text={response.bodyText} label="response body" />
      </div>
      <pre className="mono wire">{body.text || <span className="muted">(empty)</span>}</pre>
    </>
  );
}
