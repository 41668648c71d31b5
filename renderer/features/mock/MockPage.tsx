import { useEffect, useState } from 'react';
import type { BridgeResult } from '../../../shared/bridge/result';
import { useApp } from '../../app/stores';
import { offsetInWords } from './ClockBanner';
import { MockLog } from './MockLog';
import { MockSettingsForm } from './MockSettingsForm';
import { MockTlsPanel } from './MockTlsPanel';
import { expiryAdvancedWords, MockStateTables, secondsToExpiry } from './MockStateTables';
import { useMockProvider } from './mock-store';
import './mock.css';

/** The embedded mock: running state, its tokens and codes, deauthorize, the clock, settings, mutual TLS, and what it received. */
export function MockPage() {
  const mock = useApp((s) => s.mock);
  const events = useApp((s) => s.mockEvents);
  // The newest event's id, not the count: the list is capped, so its length stops changing.
  const lastEvent = events.at(-1)?.id ?? 0;
  const start = useApp((s) => s.mockStartRequested);
  const stop = useApp((s) => s.mockStopRequested);
  const { read, refresh, advanceClock, resetClock, reset, deauthorize } = useMockProvider((s) => s);
  const state = mock.running ? (read?.view ?? null) : null;
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [confirmForget, setConfirmForget] = useState(false);
  useEffect(() => {
    if (mock.running) void refresh();
  }, [mock.running, lastEvent, refresh]);
  const act = async (run: Promise<BridgeResult<unknown>>, done: string) => {
    const r = await run;
    setMessage(r.ok ? { text: done, ok: true } : { text: r.error.message, ok: false });
  };
  const advance = (seconds: number, what: string) => act(advanceClock(seconds), `Clock advanced by ${what}.`);
  const toExpiry = state ? secondsToExpiry(state.state) : 0;
  return (
    <div className="page">
      <header className="page-head">
        <h2>Mock provider</h2>
        <span className="muted">{mock.running ? mock.baseUrl : 'stopped'}</span>
        {mock.mtlsBaseUrl && <span className="muted">mutual TLS {mock.mtlsBaseUrl}</span>}
        {mock.running ? (
          <button type="button" onClick={() => void stop()}>
            Stop
          </button>
        ) : (
          <button type="button" className="primary" onClick={() => void start()}>
            Start
          </button>
        )}
      </header>
      {message && (
        <p role="status" className={message.ok ? 'muted' : 'error'}>
          {message.text}
        </p>
      )}
      {!mock.running && (
        <p className="muted">
          The mock is stopped. Start it to run the flows against it; its tokens, codes and clock are kept while it is
          stopped.
        </p>
      )}
      {state && (
        <div className="mock-columns">
          <div>
            <div className="credentials" aria-label="Credentials">
              <span>
                Consumer: <code>{state.config.consumers.map((c) => c.key).join(', ')}</code>
              </span>
              <span>
                Client: <code>{state.config.clients.map((c) => c.id).join(', ')}</code>
              </span>
              <span>
                Users: <code>{state.config.users.join(', ')}</code>
              </span>
            </div>
            <section aria-label="Clock">
              <h3>Clock</h3>
              <p>
                Mock time <code>{state.state.now}</code> (
                {state.state.clockOffsetSeconds
                  ? `ahead by ${offsetInWords(state.state.clockOffsetSeconds)}`
                  : 'real time'}
                )
              </p>
              <div className="send-row">
                <button type="button" onClick={() => void advance(60, 'a minute')}>
                  +1 minute
                </button>
                <button type="button" onClick={() => void advance(3600, 'an hour')}>
                  +1 hour
                </button>
                <button
                  type="button"
                  disabled={toExpiry === 0}
                  onClick={() => void advance(toExpiry, expiryAdvancedWords(state.state, toExpiry))}
                >
                  Advance to expiry
                </button>
                <button
                  type="button"
                  disabled={state.state.clockOffsetSeconds === 0}
                  onClick={() => void act(resetClock(), 'Clock back to real time.')}
                >
                  Reset clock
                </button>
              </div>
              <p className="muted small">
                Moving the clock ages what the mock issued; client timestamps are still judged by real time. Stop and
                Start keep the clock, as they keep the tokens.
              </p>
            </section>
            <section aria-label="Forget">
              {confirmForget ? (
                <div className="send-row forget-confirm" role="group" aria-label="Confirm forgetting">
                  <span>Forget every token, code, login and logged request? Flows in progress will fail.</span>
                  <button
                    type="button"
                    className="forget"
                    onClick={() => (
                      setConfirmForget(false),
                      void act(reset(), 'Every token, code and event forgotten.')
                    )}
                  >
                    Forget them
                  </button>
                  <button type="button" onClick={() => setConfirmForget(false)}>
                    Cancel
                  </button>
                </div>
              ) : (
                <button type="button" onClick={() => setConfirmForget(true)}>
                  Forget all tokens…
                </button>
              )}
            </section>
            <MockStateTables
              state={state.state}
              onDeauthorize={(token) =>
                void act(deauthorize(token), `Access token ${token} deauthorized: API calls with it now get 401.`)
              }
            />
            <MockTlsPanel mtlsBaseUrl={mock.mtlsBaseUrl} />
          </div>
          <MockSettingsForm
            settings={state.settings}
            onSaved={(text) => (setMessage({ text, ok: true }), void refresh())}
          />
        </div>
      )}
      <section aria-label="Requests received">
        <h3>Requests received</h3>
        <MockLog events={events} />
      </section>
    </div>
  );
}
