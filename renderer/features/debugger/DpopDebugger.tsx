import { useEffect, useState } from 'react';
import type { DpopVerification } from '../../../shared/dpop/verify';
import { DpopFindings } from '../../components/DpopFindings';
import { Field } from './DebugField';
import { SecretInput } from '../../components/SecretInput';
import { headerValueSpans } from '../../components/secret-spans';
import { DebuggerModeTabs } from './DebuggerModeTabs';
import type { DpopInputs } from '../../state/debugger/dpop-debugger-store';
import { useDpopDebugger } from './use-dpop-debugger';

const DEBOUNCE_MS = 250;
/** The proof is the DPoP header's value, a secret as a whole (shared/secrets.ts): replayable within its window. */
const dpopProofSpans = headerValueSpans('dpop');

/**
 * The DPoP proof debugger: `oauth-lab debug --dpop` as a page. Paste a proof (the DPoP header's value) and what it
 * went with; every check of RFC 9449 §4.3 is listed, each mistake named with its section. Server-controlled text
 * (the proof's claims) is rendered as text.
 */
export function DpopDebugger() {
  const inputs = useDpopDebugger((s) => s.inputs);
  const checked = useDpopDebugger((s) => s.checked);
  const result = useDpopDebugger((s) => s.result);
  const exampleLoaded = useDpopDebugger((s) => s.exampleLoaded);
  const inputsCleared = useDpopDebugger((s) => s.inputsCleared);
  const checkRequested = useDpopDebugger((s) => s.checkRequested);
  const pending = inputs !== checked;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => void checkRequested(), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [inputs, pending, checkRequested]);
  return (
    <div className="page dbg">
      <header className="page-head">
        <h2>Signature debugger</h2>
        <DebuggerModeTabs />
        <div className="dbg-head-actions">
          <button type="button" onClick={inputsCleared}>
            Clear
          </button>
          <button type="button" className="primary" onClick={() => void exampleLoaded()}>
            Load an example
          </button>
        </div>
      </header>
      <div className="columns">
        <div className="col">
          <DpopInputsForm inputs={inputs} />
        </div>
        <div className="col dbg-result-col">
          {result && inputs.proof.trim() ? <DpopResult v={result} /> : <DpopStart />}
        </div>
      </div>
    </div>
  );
}

const FIELDS: readonly { key: Exclude<keyof DpopInputs, 'proof' | 'accessToken'>; label: string; hint: string }[] = [
  { key: 'method', label: 'Method', hint: 'The request the proof went with (htm, §4.3 check 8)' },
  { key: 'url', label: 'URL', hint: 'Its full URL; query and fragment are ignored (htu, §4.3 check 9)' },
  { key: 'nonce', label: 'Server nonce', hint: "The server's latest DPoP-Nonce header (§8, §9)" },
  { key: 'jkt', label: 'Bound key (cnf.jkt)', hint: 'The RFC 7638 thumbprint the token is bound to (§6.1)' },
];

function DpopInputsForm({ inputs }: { inputs: DpopInputs }) {
  const inputEdited = useDpopDebugger((s) => s.inputEdited);
  const [reveal, setReveal] = useState(false);
  return (
    <form className="request-form dbg-form" onSubmit={(e) => e.preventDefault()} aria-label="The DPoP proof to check">
      <fieldset className="dbg-group">
        <legend>Proof</legend>
        <Field label="DPoP proof (JWT)" hint="The value of the DPoP header, as sent">
          <SecretInput
            label="DPoP proof"
            multiline
            spans={dpopProofSpans}
            className="dbg-paste"
            value={inputs.proof}
            onChange={(proof) => inputEdited({ proof })}
          />
        </Field>
      </fieldset>
      <fieldset className="dbg-group">
        <legend>What it went with (optional)</legend>
        <div className="dbg-grid">
          {FIELDS.map((f) => (
            <Field key={f.key} label={f.label} hint={f.hint}>
              <input
                value={inputs[f.key]}
                spellCheck={false}
                onChange={(e) => inputEdited({ [f.key]: e.target.value })}
              />
            </Field>
          ))}
        </div>
        <Field label="Access token" hint="Sent with the proof: ath is its hash (§4.3 check 12)">
          <SecretInput
            label="access token"
            shown={reveal}
            value={inputs.accessToken}
            onChange={(accessToken) => inputEdited({ accessToken })}
          />
        </Field>
        <div className="dbg-reveal-row">
          <button type="button" className="link" aria-pressed={reveal} onClick={() => setReveal(!reveal)}>
            {reveal ? 'Hide the access token' : 'Reveal the access token'}
          </button>
          <span className="muted small">Used here only, to check ath; never sent or saved.</span>
        </div>
      </fieldset>
    </form>
  );
}

const MARK = { passed: '✓', failed: '✗', skipped: '–' } as const;

function DpopResult({ v }: { v: DpopVerification }) {
  const notMade = v.checks.filter((c) => c.status === 'skipped').length;
  return (
    <div className="dbg-result">
      <section className={`dbg-verdict ${v.ok ? 'match' : 'mismatch'}`} aria-label="Verdict">
        <div className="dbg-verdict-head">
          <span className="dbg-verdict-mark">{v.ok ? '✓' : '✗'}</span>
          <strong className="dbg-verdict-word">
            {v.ok ? 'No mistake found' : `${v.mistakes.length} mistake${v.mistakes.length > 1 ? 's' : ''}`}
          </strong>
        </div>
        <p className="dbg-summary">
          {v.ok
            ? `Every check made passed${notMade ? `; ${notMade} not made, for want of their input` : ''}.`
            : 'The proof breaks RFC 9449 as named below; a server following it refuses the request.'}
        </p>
        {v.thumbprint && (
          <p className="dbg-facts small">
            Key thumbprint (RFC 7638): <code>{v.thumbprint}</code>
          </p>
        )}
      </section>
      {v.mistakes.length > 0 && (
        <section className="dbg-section" aria-label="Mistakes">
          <h3>Mistakes</h3>
          <DpopFindings mistakes={v.mistakes} />
        </section>
      )}
      <DpopChecks v={v} />
    </div>
  );
}

function DpopChecks({ v }: { v: DpopVerification }) {
  return (
    <section className="dbg-section" aria-label="Checks">
      <h3>Checks (RFC 9449 §4.3)</h3>
      <ul className="dpop-checks">
        {v.checks.map((c) => (
          <li key={c.id} className={`dpop-check ${c.status}`}>
            <span className="dpop-mark" aria-label={c.status}>
              {MARK[c.status]}
            </span>
            <span>
              <strong>{c.title}</strong> <span className="dbg-rfc">{c.section}</span>
              <br />
              <span className="small">{c.detail}</span>
            </span>
          </li>
        ))}
      </ul>
      {v.header && (
        <details className="dbg-trace">
          <summary>Header and claims as decoded</summary>
          <pre className="dpop-json">{JSON.stringify({ header: v.header, payload: v.payload }, null, 2)}</pre>
        </details>
      )}
    </section>
  );
}

function DpopStart() {
  return (
    <section className="dbg-start" aria-label="How to start">
      <h3>Check a DPoP proof</h3>
      <ol>
        <li>Paste the DPoP header's value: the proof JWT a client sent (RFC 9449 §4).</li>
        <li>
          Give what it went with: the method and URL, the access token on a resource call, the server's nonce, the key
          the token is bound to. A check whose input is missing is shown as not made.
        </li>
        <li>
          Every check of RFC 9449 §4.3 is made: typ, alg, the header's key, the signature, jti, htm, htu without query,
          iat, ath, nonce and the bound key; each mistake is named with its section.
        </li>
      </ol>
      <p className="muted">
        Or press <strong>Load an example</strong>: a proof with the query left in htu, a classic.
      </p>
    </section>
  );
}
