import { useEffect, useRef, useState, type ComponentProps, type Ref } from 'react';
import { isRsaMethod } from '../../../shared/oauth1';
import { DebugInputsForm } from './DebugInputs';
import { DiagnosisView } from './DiagnosisView';
import { requestIsEmpty } from './run-diagnosis';
import { useDebugger } from './use-debugger';
import { useDpopDebugger } from './use-dpop-debugger';
import { DpopDebugger } from './DpopDebugger';
import { DebuggerModeTabs } from './DebuggerModeTabs';
import './debugger.css';

/** How long typing must pause before the request is checked again (a check can take up to ~200 ms). */
export const DEBOUNCE_MS = 250;

/**
 * The Signature debugger: `oauth-lab debug` as a page. Paste a request as raw HTTP, as a curl command or
 * as fields, give the secrets, and see whether its OAuth 1.0a signature is right; when it is not, the mistake by
 * name with its RFC 5849 (https://www.rfc-editor.org/rfc/rfc5849) section, the base strings one above the other with every difference marked, and the
 * request re-signed with the same nonce and timestamp. Or, on its second tab, a DPoP proof (DpopDebugger.tsx).
 */
export function DebuggerPage() {
  return useDpopDebugger((s) => s.active) ? <DpopDebugger /> : <SignatureDebugger />;
}

function SignatureDebugger() {
  const inputs = useDebugger((s) => s.inputs);
  const checked = useDebugger((s) => s.checked);
  const result = useDebugger((s) => s.result);
  const verifying = useDebugger((s) => s.verifying);
  const formChosen = useDebugger((s) => s.formChosen);
  const inputEdited = useDebugger((s) => s.inputEdited);
  const fieldEdited = useDebugger((s) => s.fieldEdited);
  const exampleLoaded = useDebugger((s) => s.exampleLoaded);
  const inputsCleared = useDebugger((s) => s.inputsCleared);
  const diagnosisRequested = useDebugger((s) => s.diagnosisRequested);
  const [reveal, setReveal] = useState(false);

  // Checked once typing pauses; the previous result stays on screen meanwhile, so nothing jumps.
  const pending = inputs !== checked;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(diagnosisRequested, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [inputs, pending, diagnosisRequested]);

  const { resultRef, wantVerdict } = useVerdictIntoView(pending, result);
  const empty = requestIsEmpty(inputs);
  const errors = result?.errors ?? {};
  const d = result?.diagnosis ?? null;
  const request = result?.request ?? null;
  const readError = !!result && !d && !requestIsEmpty(checked ?? inputs);
  // The key input stays while the request cannot be read for a moment, once a key has been typed.
  const rsa = d ? isRsaMethod(d.signatureMethod) : inputs.rsaPublicKey !== '';
  return (
    <div className="page dbg">
      <header className="page-head">
        <h2>Signature debugger</h2>
        <DebuggerModeTabs />
        <div className="dbg-head-actions">
          <button type="button" onClick={inputsCleared}>
            Clear
          </button>
          <button
            type="button"
            className="primary"
            onClick={() => {
              exampleLoaded();
              wantVerdict();
            }}
          >
            Load an example
          </button>
        </div>
      </header>
      <div className="columns">
        <div className="col">
          <DebugInputsForm
            inputs={inputs}
            errors={errors}
            notes={request?.notes ?? []}
            rsa={rsa}
            reveal={reveal}
            onReveal={() => setReveal(!reveal)}
            onForm={formChosen}
            onEdit={inputEdited}
            onField={fieldEdited}
          />
        </div>
        <ResultColumn
          ref={resultRef}
          busy={(verifying || pending) && !empty}
          withKey={inputs.rsaPublicKey.trim() !== ''}
          empty={empty}
          result={d && request ? { d, request } : null}
          readError={readError}
          secrets={[inputs.consumerSecret, inputs.tokenSecret]}
          reveal={reveal}
        />
      </div>
    </div>
  );
}

/**
 * After Load an example, the verdict is brought into view once the example is checked: it is below the fold on a
 * laptop screen. Only then: typing afterwards leaves the page where it is.
 */
function useVerdictIntoView(pending: boolean, result: unknown) {
  const [wanted, setWanted] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const verdict = resultRef.current?.querySelector('.dbg-verdict');
    if (!wanted || pending || !verdict) return;
    verdict.scrollIntoView({ block: 'start', behavior: 'smooth' });
    setWanted(false);
  }, [wanted, pending, result]);
  return { resultRef, wantVerdict: () => setWanted(true) };
}

/** The check's status, then how to start, the diagnosis, or why the request could not be read. */
function ResultColumn({
  ref,
  busy,
  withKey,
  empty,
  result,
  readError,
  secrets,
  reveal,
}: {
  ref: Ref<HTMLDivElement>;
  busy: boolean;
  withKey: boolean;
  empty: boolean;
  result: Pick<ComponentProps<typeof DiagnosisView>, 'd' | 'request'> | null;
  readError: boolean;
  secrets: readonly string[];
  reveal: boolean;
}) {
  return (
    <div className="col dbg-result-col" ref={ref}>
      <div className="dbg-status" aria-live="polite">
        <span className="muted small">{busy ? (withKey ? 'Checking with the public key…' : 'Checking…') : ''}</span>
      </div>
      {empty ? (
        <Start />
      ) : result ? (
        <DiagnosisView d={result.d} request={result.request} secrets={secrets} reveal={reveal} />
      ) : readError ? (
        <p className="dbg-blocked" role="status">
          The request could not be read: the input marked on the left says what is wrong.
        </p>
      ) : null}
    </div>
  );
}

function Start() {
  return (
    <section className="dbg-start" aria-label="How to start">
      <h3>Check a signature</h3>
      <ol>
        <li>
          Paste the request that was rejected: as raw HTTP, as a curl command (your browser's “Copy as cURL”), or its
          fields.
        </li>
        <li>
          Give the consumer secret and, when the request carries a token, the token secret; for an RSA-SHA* request, the
          consumer's public key.
        </li>
        <li>
          OAuth Lab signs the request again with the same nonce and timestamp. When the signatures differ it tries every
          known client mistake and the known behaviour of Authlib, ruby-oauth, Net::OAuth, PECL oauth and liboauth,
          alone and two at a time, until one gives the signature sent, and names it with its RFC 5849 section and the
          libraries known to sign that way.
        </li>
      </ol>
      <p className="muted">
        Or press <strong>Load an example</strong> (top right): a form POST whose body was left out of the signature, a
        classic.
      </p>
    </section>
  );
}
