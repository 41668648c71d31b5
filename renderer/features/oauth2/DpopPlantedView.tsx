import { PLANTED_DPOP } from '../../../shared/dpop/planted-mistakes';
import { DpopFindings } from '../../components/DpopFindings';
import type { PlantedDpopVerdict } from '../../state/dpop-planted-verdict';

/**
 * A DPoP mistake this leg made on purpose: whether the server refused it, and the DPoP verifier's verdict on the
 * proof as sent (each mistake by name with its RFC 9449 section), as the Debugger's DPoP tab shows a pasted proof.
 */
export function DpopPlantedView({ planted }: { planted: PlantedDpopVerdict }) {
  const { mistake, status, verification } = planted;
  const refused = status >= 400;
  const asksNoNonce = !refused && PLANTED_DPOP[mistake].needs === 'nonce';
  return (
    <section className="mistake-result" aria-label="DPoP mistake made">
      <p>
        Made on purpose: <strong>{PLANTED_DPOP[mistake].title}</strong> in the DPoP proof.
      </p>
      <p className={refused ? 'summary ok' : 'summary bad'}>
        {refused
          ? `Refused by the server (HTTP ${status}), as RFC 9449 asks.`
          : `Accepted by the server (HTTP ${status}): it did not refuse this mistake.${asksNoNonce ? ' It asked for no DPoP nonce; the mock does with its DPoP-Nonce switch on.' : ''}`}
      </p>
      <h4>The DPoP verifier on the proof sent</h4>
      {verification.ok ? (
        <p className="muted small">No mistake found in the checks it could make against what the server said.</p>
      ) : (
        <DpopFindings mistakes={verification.mistakes} />
      )}
    </section>
  );
}
