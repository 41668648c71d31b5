import { useEffect, useState } from 'react';
import type { MethodOutput } from '../../../shared/bridge/contract';
import { useApp, useDeps } from '../../app/stores';

type MockState = MethodOutput<'mockState'>;

/** The embedded mock: running state, tokens and their states, deauthorize, the clock, and what it received. */
export function MockPage() {
  const { bridge } = useDeps();
  const mock = useApp((s) => s.mock);
  const events = useApp((s) => s.mockEvents);
  const start = useApp((s) => s.mockStartRequested);
  const stop = useApp((s) => s.mockStopRequested);
  const [state, setState] = useState<MockState | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const refresh = async () => {
    const r = await bridge.mockState();
    setState(r.ok ? r.value : null);
  };
  useEffect(() => {
    if (mock.running) void refresh();
  }, [mock.running, events.length]);
  const act = async (run: () => Promise<{ ok: boolean; error?: { message: string } }>, done: string) => {
    const r = await run();
    setMessage(r.ok ? done : r.error!.message);
    await refresh();
  };
  const oauth1 = state?.state.oauth1;
  return (
    <div className="page">
      <header className="page-head">
        <h2>Mock provider</h2>
        <span className="muted">{mock.running ? mock.baseUrl : 'stopped'}</span>
        {mock.running ? <button type="button" onClick={() => void stop()}>Stop</button> : <button type="button" className="primary" onClick={() => void start()}>Start</button>}
      </header>
      {message && <p role="status" className="muted">{message}</p>}
      {state && (
        <>
          <section aria-label="Clock">
            <h3>Clock</h3>
            <p>Mock time {state.state.now} (offset {state.state.clockOffsetSeconds} s)</p>
            <div className="send-row">
              <button type="button" onClick={() => void act(() => bridge.mockAdvanceClock({ seconds: 60 }), 'Clock advanced by a minute.')}>+1 minute</button>
              <button type="button" onClick={() => void act(() => bridge.mockAdvanceClock({ seconds: 3600 }), 'Clock advanced by an hour.')}>+1 hour</button>
            </div>
          </section>
          <section aria-label="OAuth 1.0a access tokens">
            <h3>OAuth 1.0a access tokens</h3>
            <table className="headers">
              <thead><tr><th scope="col">Token</th><th scope="col">User</th><th scope="col">Status</th><th scope="col" /></tr></thead>
              <tbody>
                {oauth1?.accessTokens.map((t) => (
                  <tr key={t.token}>
                    <td className="mono">{t.token}</td>
                    <td>{String(t.username ?? '')}</td>
                    <td>{t.status}</td>
                    <td>{t.status === 'valid' && <button type="button" onClick={() => void act(() => bridge.mockDeauthorize({ token: t.token }), `Access token ${t.token} deauthorized: API calls with it now get 401.`)}>Deauthorize</button>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <section aria-label="Request tokens">
            <h3>OAuth 1.0a request tokens</h3>
            <table className="headers">
              <thead><tr><th scope="col">Token</th><th scope="col">Status</th><th scope="col">Expires</th></tr></thead>
              <tbody>{oauth1?.requestTokens.map((t) => <tr key={t.token}><td className="mono">{t.token}</td><td>{t.status}</td><td>{t.expiresAt}</td></tr>)}</tbody>
            </table>
          </section>
        </>
      )}
      <section aria-label="Requests received">
        <h3>Requests received</h3>
        <ol className="log">
          {[...events].reverse().slice(0, 100).map((e) => (
            <li key={e.id} className={e.verdict.ok ? 'ok' : 'bad'}>
              <code>{e.exchange.request.method} {new URL(e.exchange.request.url).pathname}</code> → {e.exchange.response.status} <span className="muted">{e.verdict.reason}: {e.verdict.message}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
