import type { DpopLegTrace } from '../../state/dpop-page-send';

const STEP_TITLES = {
  proof: (p: { method: string; url: string }) => `Proof for ${p.method} ${p.url}`,
  'nonce-retry': () => 'The server asked for a nonce (use_dpop_nonce): the request again, the nonce in the proof',
  replay: () => 'Accepted: the same request sent again with this very proof, its jti reused on purpose',
} as const;
const STEP_SECTIONS = { 'nonce-retry': 'RFC 9449 §8, §9', replay: 'RFC 9449 §11.1' } as const;

/**
 * The DPoP proofs a leg sent (RFC 9449 §4.2), part by part with the section that asks for each, as the client
 * assertion is shown; a use_dpop_nonce answer and the retry with the server's nonce as their own step (§8, §9), and
 * the replay of a reused jti made on purpose (§11.1).
 */
export function DpopProofTrace({ trace }: { trace: DpopLegTrace }) {
  return (
    <section className="assertion-trace" aria-label="DPoP proof">
      <h3>DPoP proof (RFC 9449)</h3>
      <p className="muted">
        Key thumbprint (RFC 7638, the token&apos;s cnf.jkt): <code className="mono">{trace.thumbprint}</code>
      </p>
      <ol className="trace" aria-label="DPoP proofs sent">
        {trace.proofs.map((proof, i) => (
          <li key={i} className="trace-step" data-step={proof.step}>
            <div className="step-head">
              <h4>{STEP_TITLES[proof.step](proof)}</h4>
              {proof.step !== 'proof' && <span className="section">{STEP_SECTIONS[proof.step]}</span>}
            </div>
            <ol className="trace" aria-label={`Proof ${i + 1}, part by part`}>
              {proof.trace.map((part) => (
                <li key={part.part} className="trace-step" data-step={part.part}>
                  <div className="step-head">
                    <h4 className="mono">{part.part}</h4>
                    <span className="section">{part.section}</span>
                  </div>
                  <pre className="mono wire">{part.value}</pre>
                  <p className="muted">{part.note}</p>
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ol>
    </section>
  );
}
