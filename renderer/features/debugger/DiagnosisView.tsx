import { curlCommand } from '../../../shared/curl-command';
import { requestText } from '../../../shared/http-text';
import type { RawRequest } from '../../../shared/http';
import { isRsaMethod, type SignatureTrace } from '../../../shared/oauth1';
import { percentDecodeOrKeep, percentEncode } from '../../../shared/percent-encoding';
import type { CauseGroup, DebugRequest, Diagnosis, Finding } from '../../../shared/oauth1/debug';
import { CopyButton } from '../../components/CopyButton';
import { masked } from '../../components/Secret';
import { TraceView } from '../../components/TraceView';
import { Value } from '../../components/Value';
import { BaseStringDiff } from './BaseStringDiff';
import { KnownLibraries } from './KnownLibraries';
import { RfcSections } from './RfcSections';
import { hiddenComparison, hiddenTraceParams, hideInBaseString, hideSecrets } from './shown-secrets';

const VERDICT = {
  match: { word: 'Match', mark: '✓', lead: 'The signature is right.' },
  mismatch: { word: 'Mismatch', mark: '✗', lead: 'The signature is wrong.' },
  unverified: { word: 'Unverified', mark: '?', lead: 'The signature was not checked.' },
} as const;

const ORIGIN = { http: 'raw HTTP request', curl: 'curl command', fields: 'fields' } as const;

/**
 * Texts with the secrets hidden, for PLAINTEXT, whose signature is the secrets themselves (RFC 5849 §3.4.4 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.4)):
 * the secrets typed, and the two halves of the signature sent, which may be other secrets than those.
 */
function secretMask(d: Diagnosis, secrets: readonly string[], reveal: boolean): (text: string) => string {
  if (d.signatureMethod !== 'PLAINTEXT' || reveal) return (t) => t;
  const sent = d.receivedSignature.split('&').map((half) => percentDecodeOrKeep(half));
  const forms = [...secrets, ...sent]
    .filter((s) => s !== '')
    .flatMap((s) => [percentEncode(percentEncode(s)), percentEncode(s), s]);
  return (t) => masked(t, forms);
}

const KEYED = new Set(['signing-key', 'signature', 'authorization-header']);

/**
 * The trace as shown: the parameters' secrets masked until revealed (its texts are masked where drawn), and without
 * the consumer secret only the steps that need no key (a signature computed with an empty key would look like an
 * answer and be none).
 */
function shownTrace(trace: SignatureTrace, keyless: boolean, reveal: boolean): SignatureTrace {
  const steps = keyless ? trace.steps.filter((s) => !KEYED.has(s.id)) : trace.steps;
  return reveal ? { ...trace, steps } : hiddenTraceParams({ ...trace, steps });
}

type Shown = { d: Diagnosis; request: DebugRequest; mask: (t: string) => string; hide: (t: string) => string };

function Verdict({ d, request, mask, hide }: Shown) {
  const v = VERDICT[d.verdict];
  return (
    <section className={`dbg-verdict ${d.verdict}`} aria-label="Verdict" data-verdict={d.verdict}>
      <div className="dbg-verdict-head">
        <span className="dbg-verdict-mark" aria-hidden>
          {v.mark}
        </span>
        <strong className="dbg-verdict-word">{v.word}</strong>
        <span className="dbg-verdict-lead">{v.lead}</span>
      </div>
      <p className="dbg-summary">{hide(d.summary)}</p>
      <p className="dbg-facts">
        <span className="mono dbg-request-line">
          {request.method} {hide(request.url)}
        </span>
        <span className="muted small">
          {d.signatureMethod} · OAuth parameters in the {d.placement} · read from the {ORIGIN[request.origin]}
        </span>
      </p>
      {request.assumedScheme && (
        <p className="dbg-assumed" role="note" aria-label="Assumed">
          <strong>Assumed {request.assumedScheme.scheme}.</strong> {request.assumedScheme.note}
        </p>
      )}
      <dl className="dbg-sigs">
        <dt>oauth_signature sent</dt>
        <dd>
          <code className="mono">{mask(d.receivedSignature)}</code>
          <CopyButton text={d.receivedSignature} label="the signature sent" />
        </dd>
        <dt>OAuth Lab's, same nonce and timestamp</dt>
        <dd>
          {d.expectedSignature !== null ? (
            <>
              <code className={`mono ${d.expectedSignature === d.receivedSignature ? 'dbg-same' : 'dbg-other'}`}>
                {mask(d.expectedSignature)}
              </code>
              <CopyButton text={d.expectedSignature} label="OAuth Lab's signature" />
            </>
          ) : (
            <span className="muted small">
              {isRsaMethod(d.signatureMethod)
                ? 'not computed: RSA is checked with the public key'
                : 'needs the consumer secret'}
            </span>
          )}
        </dd>
      </dl>
    </section>
  );
}

function RsaNote({ method }: { method: string }) {
  return (
    <div className="dbg-note" role="note" aria-label="RSA verification">
      <p>
        <strong>{method} is verified with the consumer's RSA public key</strong>: paste it (PEM, or the X.509
        certificate) on the left and the app host checks the signature. Or run{' '}
        <code>oauth-lab debug --rsa-public-key key.pem</code> with the same request, or paste the base string the server
        printed (left) to compare it with OAuth Lab's.
      </p>
    </div>
  );
}

function Causes({ causes, hide }: { causes: readonly CauseGroup[]; hide: (t: string) => string }) {
  return (
    <section className="dbg-section" aria-label="Causes">
      <h3>{causes.length === 1 ? 'The cause' : `The causes (${causes.length})`}</h3>
      <ol className="dbg-causes">
        {causes.map((c) => (
          <li key={c.cause} className="dbg-cause" data-cause={c.cause}>
            <div className="dbg-cause-head">
              <h4>{c.title}</h4>
              <RfcSections section={c.section} />
            </div>
            <p>{c.explanation}</p>
            {c.details.length > 0 && (
              <ul className="dbg-details">
                {c.details.map((d) => (
                  <li key={d}>{hide(d)}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Warnings({ warnings, hide }: { warnings: readonly Finding[]; hide: (t: string) => string }) {
  return (
    <section className="dbg-section" aria-label="Warnings">
      <h3>Warnings</h3>
      <ul className="dbg-warnings">
        {warnings.map((w) => (
          <li key={`${w.cause}:${w.detail}`}>
            <strong>{w.title}</strong> (<RfcSections section={w.section} />
            ): {hide(w.detail)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the re-signed request changes: the Authorization header, or the query or body that carries the signature. */
function changedPart(d: Diagnosis, r: RawRequest): { label: string; text: string } {
  const auth = r.headers.find(([n]) => n.toLowerCase() === 'authorization');
  if (d.placement === 'header' && auth) return { label: 'Authorization header', text: `${auth[0]}: ${auth[1]}` };
  if (d.placement === 'query') return { label: 'URL', text: r.url };
  return { label: 'Body', text: r.body ?? '' };
}

function Resigned({ d, request, mask, hide }: Shown) {
  if (!d.resigned) {
    return (
      <section className="dbg-section" aria-label="Re-signed request">
        <h3>Re-signed by OAuth Lab</h3>
        <p className="muted">
          {isRsaMethod(d.signatureMethod)
            ? 'RSA requests are re-signed with the private key, which this page does not take.'
            : 'Give the consumer secret (and the token secret) to see the request re-signed.'}
        </p>
      </section>
    );
  }
  const r = d.resigned;
  const changed = changedPart(d, r);
  const whole =
    request.origin === 'http'
      ? { label: 'HTTP request', text: requestText(r) }
      : { label: 'curl command', text: curlCommand(r) };
  const same = d.expectedSignature === d.receivedSignature;
  return (
    <section className="dbg-section" aria-label="Re-signed request">
      <h3>Re-signed by OAuth Lab</h3>
      <p className="muted small">
        {same
          ? 'OAuth Lab signs it the same: the request as sent is correctly signed.'
          : `The same request with the same nonce, timestamp and token: only oauth_signature changes. Send this to check the rest of your setup.`}
      </p>
      <Value label={`Re-signed ${changed.label}`} text={changed.text}>
        {mask(hide(changed.text))}
      </Value>
      <Value label={`Re-signed ${whole.label}`} text={whole.text}>
        {mask(hide(r.body ? whole.text : whole.text.trimEnd()))}
      </Value>
    </section>
  );
}

/** The diagnosis of one request: verdict, causes, the base strings compared, warnings, the request re-signed, the trace. */
export function DiagnosisView({
  d,
  request,
  secrets,
  reveal,
}: {
  d: Diagnosis;
  request: DebugRequest;
  secrets: readonly string[];
  reveal: boolean;
}) {
  const mask = secretMask(d, secrets, reveal);
  // The request's own secrets (shared/secrets.ts), as the pasted field masks them: the same dots, until revealed.
  const hide = reveal ? (t: string) => t : hideSecrets;
  const rsa = isRsaMethod(d.signatureMethod);
  const keyless = !rsa && d.expectedSignature === null;
  return (
    <div className="dbg-result" role="region" aria-label="Diagnosis">
      <Verdict d={d} request={request} mask={mask} hide={hide} />
      {rsa && d.verdict === 'unverified' && <RsaNote method={d.signatureMethod} />}
      {d.causes.length > 0 && <Causes causes={d.causes} hide={hide} />}
      {d.libraries.behaviours.length > 0 && <KnownLibraries who="client" attribution={d.libraries} />}
      {d.serverLibraries.behaviours.length > 0 && <KnownLibraries who="server" attribution={d.serverLibraries} />}
      <section className="dbg-section" aria-label="Base strings">
        <h3>{d.comparisons.some((c) => !c.same) ? 'Base strings, one above the other' : 'Base string'}</h3>
        {d.comparisons.map((c) => (
          <BaseStringDiff
            key={`${c.top.label}|${c.bottom.label}`}
            comparison={c}
            shown={reveal ? c : hiddenComparison(c)}
          />
        ))}
      </section>
      {d.warnings.length > 0 && <Warnings warnings={d.warnings} hide={hide} />}
      <Resigned d={d} request={request} mask={mask} hide={hide} />
      <details className="dbg-trace">
        <summary>Signature trace: every step of OAuth Lab's computation (RFC 5849 §3.4)</summary>
        {d.trace ? (
          <>
            <TraceView
              trace={shownTrace(d.trace, keyless, reveal)}
              secrets={secrets}
              hide={(t) => mask(reveal ? t : hideInBaseString(t))}
            />
            {keyless && (
              <p className="muted dbg-keyless">
                The signing key, the signature and the Authorization header follow once the consumer secret is given.
              </p>
            )}
          </>
        ) : (
          <p className="muted">
            No step-by-step trace for this request: its protocol parameters travel in more than one place, which the
            trace does not model. The base string above is OAuth Lab's.
          </p>
        )}
      </details>
    </div>
  );
}
