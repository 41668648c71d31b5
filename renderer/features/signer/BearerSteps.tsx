import { ExchangeView } from '../../components/ExchangeView';
import { DpopProofTrace } from '../oauth2/DpopProofTrace';
import type { SignerBearerResult } from '../../state/signer/bearer-send';

const STEP_TITLES = {
  refresh: 'Refresh',
  call: 'Request',
  'dpop-nonce': 'DPoP nonce challenge',
  'dpop-replayed': 'Accepted, then its proof replayed',
} as const;

/** Each request the saved token's send made (a refresh, a 401 and the call again, a DPoP nonce challenge), in order. */
export function BearerSteps({ result }: { result: SignerBearerResult | null }) {
  return (
    <>
      {!result && <p className="muted">Each request (and a refresh, when one is needed) shows here.</p>}
      {result?.steps.map((step, i) => (
        <section key={i} aria-label={`Step ${i + 1}: ${STEP_TITLES[step.kind]}`}>
          <h4>
            {i + 1}. {STEP_TITLES[step.kind]}
          </h4>
          <p className={step.ok ? 'summary ok' : 'summary bad'}>{step.summary}</p>
          <ExchangeView exchange={step.exchange} />
        </section>
      ))}
      {result?.refreshed && <p className="summary ok">The refreshed token is saved with the profile.</p>}
      {result?.dpop && <DpopProofTrace trace={result.dpop} />}
    </>
  );
}
