import { useState } from 'react';
import { Checks } from '../../components/Checks';
import { ExchangeView } from '../../components/ExchangeView';
import { useScrollIntoView } from '../../components/use-scroll-into-view';
import { userInfoEndpoint } from '../../../shared/oidc/profile-endpoints';
import { useFlowProfile } from './use-flow-profile';
import { useOidc } from './use-oidc';
import { DpopProofTrace } from '../oauth2/DpopProofTrace';

/**
 * UserInfo (OIDC Core §5.3): the discovered endpoint (a certificate client's mutual-TLS alias) called with the
 * access token, and its sub compared with the validated id_token's (§5.3.2: a different sub means the response must
 * not be used). The CLI's flow makes the same call through the same shared/oidc/userinfo.ts.
 */
export function UserInfoPanel() {
  // The endpoint the call takes (userInfoCalled): a certificate client's is the mutual-TLS alias (RFC 8705 §5), which
  // may be the only one its metadata names.
  const authentication = useFlowProfile()?.oauth2.clientAuthentication ?? null;
  const discovered = useOidc((s) => s.discovery?.endpoints ?? null);
  const endpoint = userInfoEndpoint(discovered, authentication);
  const accessToken = useOidc((s) => s.inputs.accessToken);
  const validated = useOidc((s) => s.trace !== null);
  const result = useOidc((s) => s.userInfo);
  const requested = useOidc((s) => s.userInfoRequested);
  // Scrolled to when asked for here; after the mock run the id_token's trace keeps the view.
  const [asked, setAsked] = useState(false);
  const ref = useScrollIntoView<HTMLDivElement>(asked && result !== null, result);
  const missing = !endpoint
    ? 'Discover the issuer first: the userinfo_endpoint comes from its metadata.'
    : !accessToken
      ? 'Enter the access token above (or take the OAuth 2 flow’s).'
      : !validated
        ? 'Validate the id_token first, so its sub can be compared.'
        : null;
  return (
    <section aria-label="UserInfo">
      <h4>UserInfo (OIDC Core §5.3)</h4>
      <p className="send-row">
        <button type="button" disabled={missing !== null} onClick={() => (setAsked(true), void requested())}>
          Call UserInfo
        </button>
        <span className="muted">{missing ?? <code>GET {endpoint}</code>}</span>
      </p>
      {result && (
        <div ref={ref}>
          {result.error && (
            <p className="error" role="alert">
              {result.error}
            </p>
          )}
          <Checks checks={result.checks} title="UserInfo checks" />
          {result.exchange && <ExchangeView exchange={result.exchange} secrets={[accessToken]} />}
          {result.dpop && <DpopProofTrace trace={result.dpop} />}
        </div>
      )}
    </section>
  );
}
