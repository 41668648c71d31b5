import { Checks } from '../../components/Checks';
import { ExchangeView } from '../../components/ExchangeView';
import { AssertionTrace } from './AssertionTrace';
import { DpopProofTrace } from './DpopProofTrace';
import { Value } from '../../components/Value';
import { usePar } from '../../state/oauth2/par-store';

/**
 * The authorize leg's "push the authorization request" toggle (RFC 9126) and, once pushed, the back-channel leg:
 * where it went, its answer's checks, the exchange (secrets masked, the client certificate named), the client
 * assertion and the DPoP proofs it carried (RFC 9449 §10.1), and the browser's URL with only client_id and
 * request_uri (§4).
 */
export function PushedAuthorization() {
  const enabled = usePar((s) => s.enabled);
  const toggled = usePar((s) => s.toggled);
  const pushing = usePar((s) => s.pushing);
  const parUrl = usePar((s) => s.parUrl);
  const exchange = usePar((s) => s.exchange);
  const outcome = usePar((s) => s.outcome);
  const assertion = usePar((s) => s.assertion);
  const error = usePar((s) => s.error);
  const pushedUrl = usePar((s) => s.pushedUrl);
  const dpop = usePar((s) => s.dpop);
  const required = usePar((s) => s.required);
  return (
    <section className="pushed-authorization" aria-label="Pushed authorization request">
      <label className="check">
        <input type="checkbox" checked={enabled} onChange={(e) => toggled(e.target.checked)} />
        Push the authorization request (PAR)
      </label>
      <p className="muted small">
        RFC 9126: the parameters above go to the provider first, on the back channel with the client&apos;s
        authentication; the browser then carries only <code>client_id</code> and <code>request_uri</code>.
      </p>
      {required && (
        <p className="muted small">
          Pushed although the toggle is off: the issuer&apos;s metadata says{' '}
          <code>require_pushed_authorization_requests</code> (RFC 9126 §5).
        </p>
      )}
      {pushing && (
        <p className="waiting" role="status">
          Pushing the authorization request…
        </p>
      )}
      {parUrl && exchange && (
        <p className="muted small">
          POST {parUrl} → HTTP {exchange.response.status}
        </p>
      )}
      {outcome && <p className={outcome.ok ? 'summary ok' : 'summary bad'}>{outcome.summary}</p>}
      {outcome && <Checks checks={outcome.checks} title="Pushed request checks" />}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {pushedUrl && <Value label="Authorization URL after the push" text={pushedUrl} />}
      {exchange && <ExchangeView exchange={exchange} />}
      {assertion && <AssertionTrace trace={assertion} />}
      {dpop && (
        <>
          <p className="muted small">
            The push carries a DPoP proof of the profile&apos;s key: the provider binds the code to that key and
            exchanges it only with a proof of the same key (RFC 9449 §10.1).
          </p>
          <DpopProofTrace trace={dpop} />
        </>
      )}
    </section>
  );
}
