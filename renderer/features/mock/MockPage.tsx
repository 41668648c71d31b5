import { useEffect, useState } from 'react';
import type { BridgeResult } from '../../../shared/bridge/result';
import { useApp } from '../../app/stores';
import { offsetInWords } from './ClockBanner';
import { MockLog } from './MockLog';
import { MockSettingsForm } from './MockSettingsForm';
import { MockTlsPanel } from './MockTlsPanel';
import { expiryAdvancedWords, MockStateTables, secondsToExpiry } from './MockStateTables';
import { useMockProvider, type MockView } from '../../state/mock/mock-store';
import './mock.css';

/** The embedded mock: running state, its tokens and codes, deauthorize, the clock, settings, mutual TLS, and what it received. */
export function MockPage() {
  const mock = useApp((s) => s.mock);
  const events = useApp((s) => s.mockEvents);
  // The newest event's id, not the count: the list is capped, so its length stops changing.
  const lastEvent = events.at(-1)?.id ?? 0;
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
  return (
    <div className="page">
      <MockHead />
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
            <MockCredentials config={state.config} />
            <ClockSection
              state={state.state}
              advance={advance}
              onReset={() => void act(resetClock(), 'Clock back to real time.')}
            />
            <ForgetSection
              confirming={confirmForget}
              onConfirming={setConfirmForget}
              onForget={() => void act(reset(), 'Every token, code and event forgotten.')}
            />
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

/** The mock's address (and its mutual TLS one) with Start or Stop. */
function MockHead() {
  const mock = useApp((s) => s.mock);
  const start = useApp((s) => s.mockStartRequested);
  const stop = useApp((s) => s.mockStopRequested);
  return (
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
  );
}

/** Who the mock knows: its consumers, clients and users. */
function MockCredentials({ config }: { config: MockView['config'] }) {
  return (
    <div className="credentials" aria-label="Credentials">
      <span>
        Consumer: <code>{config.consumers.map((c) => c.key).join(', ')}</code>
      </span>
      <span>
        Client: <code>{config.clients.map((c) => c.id).join(', ')}</code>
      </span>
      <span>
        Users: <code>{config.users.join(', ')}</code>
      </span>
    </div>
  );
}

/** The mock's clock: its time, moved forward (to the next expiry, too) or back to real time. */
function ClockSection({
  state,
  advance,
  onReset,
}: {
  state: MockView['state'];
  advance: (seconds: number, what: string) => Promise<void>;
  onReset: () => void;
}) {
  const toExpiry = secondsToExpiry(state);
  return (
    <section aria-label="Clock">
      <h3>Clock</h3>
      <p>
        Mock time <code>{state.now}</code> (
        {state.clockOffsetSeconds ? `ahead by ${offsetInWords(state.clockOffsetSeconds)}` : 'real time'})
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
          onClick={() => void advance(toExpiry, expiryAdvancedWords(state, toExpiry))}
        >
          Advance to expiry
        </button>
        <button type="button" disabled={state.clockOffsetSeconds === 0} onClick={onReset}>
          Reset clock
        </button>
      </div>
      <p className="muted small">
        Moving the clock ages what the mock issued; client timestamps are still judged by real time. Stop and Start keep
        the clock, as they keep the tokens.
      </p>
    </section>
  );
}

/** Forget everything the mock issued and logged, after the user confirms. */
function ForgetSection({
  confirming,
  onConfirming,
  onForget,
}: {
  confirming: boolean;
  onConfirming: (confirming: boolean) => void;
  onForget: () => void;
}) {
  return (
    <section aria-label="Forget">
      {confirming ? (
        <div className="send-row forget-confirm" role="group" aria-label="Confirm forgetting">
          <span>Forget every token, code, login and logged request? Flows in progress will fail.</span>
          <button type="button" className="forget" onClick={() => (onConfirming(false), onForget())}>
            Forget them
          </button>
          <button type="button" onClick={() => onConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" onClick={() => onConfirming(true)}>
          Forget all tokens…
        </button>
      )}
    </section>
  );
}
