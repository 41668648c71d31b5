import { useEffect } from 'react';
import { oauth2Flow } from '../../../shared/flows';
import { withAuthorizationQuery } from '../../../shared/oauth2/authorization-request';
import { useOAuth2 } from '../../app/stores';
import { Value } from '../../components/Value';
import { usePar } from '../../state/oauth2/par-store';
import {
  requestObjectInputs,
  requestObjectUnavailable,
  useRequestObject,
  type RequestObjectState,
} from '../../state/oauth2/request-object-store';
import type { OAuth2State } from '../../../shared/flows/oauth2-flow';

/** The request object made: its header and claims, the JWT, and the authorization URL it was opened with. */
function RequestObjectMade({
  made,
  sent,
  pushed,
  flow,
}: {
  made: NonNullable<RequestObjectState['made']>;
  sent: boolean;
  pushed: boolean;
  flow: OAuth2State | null;
}) {
  return (
    <>
      <table className="headers" aria-label="Request object header and claims">
        <caption className="muted small">
          The header, the JWT&apos;s own claims and, as claims, the authorization request&apos;s parameters (RFC 9101
          §4)
        </caption>
        <tbody>
          {made.trace.map((t) => (
            <tr key={t.part}>
              <th scope="row" className="mono">
                {t.part}
              </th>
              <td>
                <span className="mono break">{t.value}</span>
                {!t.parameter && <span className="muted small request-object-note">{t.note}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Value label={sent ? 'Request object sent' : 'Request object to send'} text={made.jwt} />
      {sent && !pushed && flow && (
        <Value
          label="Authorization URL as opened (RFC 9101 §5)"
          text={withAuthorizationQuery(oauth2Flow.authorizeEndpoint(flow), [
            ['client_id', flow.config.clientId],
            ['request', made.jwt],
          ])}
        />
      )}
      {sent && <p className="muted small">Sent; opening the page again signs a new one, with a new jti.</p>}
    </>
  );
}

/**
 * The authorize leg's "send the request as a signed request object" toggle (RFC 9101) and, when on, the request
 * object as it will be sent: its header and every claim with what it is, signed by the host with the client's key
 * (only named); sent by value as `request`, or pushed when PAR is on (RFC 9126 §3). A client with no key to sign
 * with is told so, and the toggle is off.
 */
export function RequestObjectPanel() {
  const flow = useOAuth2((s) => s.flow);
  const profile = useOAuth2((s) => s.profile);
  const enabled = useRequestObject((s) => s.enabled);
  const toggled = useRequestObject((s) => s.toggled);
  const signing = useRequestObject((s) => s.signing);
  const made = useRequestObject((s) => s.made);
  const sent = useRequestObject((s) => s.sent);
  const error = useRequestObject((s) => s.error);
  const madeFrom = useRequestObject((s) => s.madeFrom);
  const prepared = useRequestObject((s) => s.prepared);
  const pushed = usePar((s) => s.enabled);
  const unavailable = profile ? requestObjectUnavailable(profile) : null;
  const stale = !!flow && !!profile && madeFrom !== requestObjectInputs(flow, profile);
  // Shown before it is sent, or why it cannot be: made again when the request it signs or the profile changes (a new
  // flow, other login options, a profile started over with a key, another client authentication or issuer).
  useEffect(() => {
    if (enabled && !unavailable && flow && profile && stale && !signing) void prepared(flow, profile);
  }, [enabled, unavailable, flow, profile, stale, signing, prepared]);
  return (
    <section className="request-object" aria-label="Request object">
      <label className="check">
        <input
          type="checkbox"
          checked={enabled && !unavailable}
          disabled={!!unavailable}
          onChange={(e) => toggled(e.target.checked)}
        />
        Send the request as a signed request object (JAR, RFC 9101)
      </label>
      <p className="muted small">
        The parameters above become the claims of a JWT the client signs;{' '}
        {pushed ? (
          <>
            it is pushed as <code>request</code> (RFC 9126 §3).
          </>
        ) : (
          <>
            the browser carries only <code>client_id</code> and <code>request</code> (RFC 9101 §5).
          </>
        )}
      </p>
      {unavailable && (
        <p className="warning" role="note">
          {unavailable}
        </p>
      )}
      {enabled && !unavailable && signing && (
        <p className="waiting" role="status">
          Signing the request object…
        </p>
      )}
      {enabled && !unavailable && error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {enabled && !unavailable && made && <RequestObjectMade made={made} sent={sent} pushed={pushed} flow={flow} />}
    </section>
  );
}
