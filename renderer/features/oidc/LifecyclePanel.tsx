import { requestText } from '../../../shared/http-text';
import { AssertionTrace } from '../oauth2/AssertionTrace';
import { DpopProofTrace } from '../oauth2/DpopProofTrace';
import type { DiscoveredEndpoints, ProfileEndpoints, TokenTypeHint } from '../../../shared/oidc';
import { endpointSourceWords, tokenTail } from '../../../shared/oidc';
import { useOAuth2 } from '../../app/stores';
import { Checks } from '../../components/Checks';
import { ExchangeView } from '../../components/ExchangeView';
import { masked } from '../../components/Secret';
import { requestSecrets } from '../oauth2/request-secrets';
import type { LifecycleLeg } from '../../state/oidc/lifecycle-state';
import { useLifecycle } from './use-lifecycle';
import { useScrollIntoView } from '../../components/use-scroll-into-view';
import { useFlowProfile } from './use-flow-profile';
import { useFlowEndpoints } from './use-flow-endpoints';

/** The sent legs, newest first. */
export function LifecycleLegs() {
  const legs = useLifecycle((s) => s.legs);
  const clientSecret = useLifecycle((s) => s.flow?.config.clientSecret ?? '');
  const newest = legs.at(-1)?.id;
  return [...legs]
    .reverse()
    .map((leg) => <LegView key={leg.id} leg={leg} clientSecret={clientSecret} newest={leg.id === newest} />);
}

/** Introspect (RFC 7662) and revoke (RFC 7009) each token, at the endpoints given; none when there is no endpoint. */
export function TokenManagementButtons({ endpoints }: { endpoints: DiscoveredEndpoints | null }) {
  const l = useLifecycle((x) => x);
  // The profile's endpoints win over the metadata's (RFC 8414 lists both as optional).
  const chosen = useFlowEndpoints(endpoints);
  const introspection = chosen ? chosen.introspection?.url : endpoints?.introspection;
  const revocation = chosen ? chosen.revocation?.url : endpoints?.revocation;
  const current = l.flow?.token;
  const both = (
    label: string,
    endpoint: string | null | undefined,
    go: (endpoint: string, which: TokenTypeHint) => void
  ) =>
    endpoint
      ? (['access_token', 'refresh_token'] as const).map((which) => (
          <button
            key={which}
            type="button"
            disabled={l.sending || (which === 'refresh_token' && !current?.refreshToken)}
            onClick={() => go(endpoint, which)}
          >
            {label} the {which === 'access_token' ? 'access' : 'refresh'} token
          </button>
        ))
      : null;
  return (
    <>
      {both('Introspect', introspection, (e, w) => void l.introspectionRequested(e, w))}
      {both('Revoke', revocation, (e, w) => void l.revocationRequested(e, w))}
    </>
  );
}

/** A sent leg: its request (secrets masked), the rotation when it refreshed, the response and the checks. */
function LegView({ leg, clientSecret, newest }: { leg: LifecycleLeg; clientSecret: string; newest: boolean }) {
  // The newest answer comes into view: it is added below the buttons, often below the fold.
  const ref = useScrollIntoView<HTMLElement>(newest, leg.id, 'start');
  return (
    <section className="lifecycle-leg" aria-label={leg.title} data-kind={leg.kind} data-ok={leg.ok} ref={ref}>
      <h4>{leg.title}</h4>
      <p className={leg.ok ? 'summary ok' : 'error'}>{leg.summary}</p>
      {leg.rotation && (
        <p className="mono rotation" aria-label="Rotation">
          old refresh token {tokenTail(leg.rotation.old)} → new{' '}
          {leg.rotation.new === null ? 'none' : leg.rotation.rotated ? tokenTail(leg.rotation.new) : 'the same'}
        </p>
      )}
      <details>
        <summary>Request</summary>
        <pre className="mono wire">
          {masked(requestText(leg.request), requestSecrets(leg.request, clientSecret, leg.carried))}
        </pre>
      </details>
      {leg.assertion && (
        <details>
          <summary>Client assertion ({leg.assertion.method})</summary>
          <AssertionTrace trace={leg.assertion} />
        </details>
      )}
      {leg.dpop && leg.dpop.proofs.length > 0 && (
        <details>
          <summary>DPoP proof (RFC 9449)</summary>
          <DpopProofTrace trace={leg.dpop} />
        </details>
      )}
      {leg.exchange && <ExchangeView exchange={leg.exchange} />}
      <Checks checks={leg.checks} title={`${leg.title}: checks`} />
    </section>
  );
}

/** Which revocation and introspection endpoints the buttons use, and where each came from; what to do when one is missing. */
export function EndpointSources({ chosen, discovered }: { chosen: ProfileEndpoints; discovered: boolean }) {
  const rows = [
    ['Revocation endpoint (RFC 7009)', chosen.revocation],
    ['Introspection endpoint (RFC 7662)', chosen.introspection],
  ] as const;
  return (
    <ul className="muted small endpoint-sources" aria-label="Lifecycle endpoints">
      {rows.map(([name, e]) => (
        <li key={name}>
          {name}:{' '}
          {e ? (
            <>
              <span className="mono">{e.url}</span> (from {endpointSourceWords(e)})
            </>
          ) : (
            <>
              none: {discovered ? "the provider's metadata names none" : 'discover the issuer'}, or set it in the
              profile
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The rest of the OAuth 2 flow's token life (RFC 6749 §6 (https://www.rfc-editor.org/rfc/rfc6749#section-6), RFC 9700 §4.14.2 (https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2), RFC 7009 (https://www.rfc-editor.org/rfc/rfc7009), RFC 7662 (https://www.rfc-editor.org/rfc/rfc7662)), each request a
 * leg with its checks. Revocation and introspection use the profile's endpoints, else those discovery names.
 */
export function LifecyclePanel({ endpoints }: { endpoints: DiscoveredEndpoints | null }) {
  const flow = useOAuth2((s) => s.flow);
  const profile = useFlowProfile();
  const l = useLifecycle((x) => x);
  const current = l.flow?.token;
  const chosen = useFlowEndpoints(endpoints);
  return (
    <section className="request-form lifecycle" aria-label="Token lifecycle">
      <h3>Token lifecycle</h3>
      <div className="send-row">
        {flow?.token && profile ? (
          <button type="button" onClick={() => l.tokensTaken(flow, profile)}>
            Take the OAuth 2 flow's tokens
          </button>
        ) : (
          <span className="muted">
            Exchange a code on the OAuth 2 page first: the refresh, revocation and introspection use its tokens and
            client.
          </span>
        )}
      </div>
      {current && (
        <>
          <p className="mono small" aria-label="Current tokens">
            access token {tokenTail(current.accessToken)} · refresh token{' '}
            {current.refreshToken ? tokenTail(current.refreshToken) : 'none'}
          </p>
          <div className="send-row">
            <button
              type="button"
              className="primary"
              disabled={l.sending || !current.refreshToken}
              onClick={() => void l.refreshRequested()}
            >
              Refresh
            </button>
            {l.replaced && (
              <button type="button" disabled={l.sending} onClick={() => void l.reuseRequested()}>
                Present the replaced refresh token again
              </button>
            )}
            <TokenManagementButtons endpoints={endpoints} />
          </div>
          {chosen && <EndpointSources chosen={chosen} discovered={endpoints !== null} />}
        </>
      )}
      {l.problem && (
        <p className="error" role="alert">
          {l.problem}
        </p>
      )}
      <LifecycleLegs />
    </section>
  );
}
