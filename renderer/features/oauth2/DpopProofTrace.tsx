import type { DpopLegTrace } from '../../state/dpop-page-send';

/**
 * The DPoP proofs a leg sent (RFC 9449 §4.2), part by part with the section that asks for each, as the client
 * assertion is shown; a use_dpop_nonce answer and the retry with the server's nonce as their own step (§8, §9).
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
          <li key={i} className="trace-step" data-step={proof.nonceRetry ? 'nonce-retry' : 'proof'}>
            <div className="step-head">
              <h4>
                {proof.nonceRetry
                  ? 'The server asked for a nonce (use_dpop_nonce): the request again, the nonce in the proof'
                  : `Proof for ${proof.method} ${proof.url}`}
              </h4>
              {proof.nonceRetry && <span className="section">RFC 9449 §8, §9</span>}
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
