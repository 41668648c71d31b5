import { requestText } from '../../../shared/http-text';
import type { DiscoveredEndpoints, TokenTypeHint } from '../../../shared/oidc';
import { tokenTail } from '../../../shared/oidc';
import { useOAuth2 } from '../../app/stores';
import { Checks } from '../../components/Checks';
import { ExchangeView } from '../../components/ExchangeView';
import { masked } from '../../components/Secret';
import { requestSecrets } from '../oauth2/request-secrets';
import type { LifecycleLeg } from './lifecycle-store';
import { useLifecycle } from './use-lifecycle';

/** A sent leg: its request (secrets masked), the rotation when it refreshed, the response and the checks. */
function LegView({ leg, clientSecret }: { leg: LifecycleLeg; clientSecret: string }) {
  return (
    <section className="lifecycle-leg" aria-label={leg.title} data-kind={leg.kind} data-ok={leg.ok}>
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
      {leg.exchange && <ExchangeView exchange={leg.exchange} />}
      <Checks checks={leg.checks} title={`${leg.title}: checks`} />
    </section>
  );
}

/**
 * The rest of the OAuth 2 flow's token life (RFC 6749 §6 (https://www.rfc-editor.org/rfc/rfc6749#section-6), RFC 9700 §4.14.2 (https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2), RFC 7009 (https://www.rfc-editor.org/rfc/rfc7009), RFC 7662 (https://www.rfc-editor.org/rfc/rfc7662)), each request a
 * leg with its checks. Revocation and introspection use the endpoints the discovery document names.
 */
export function LifecyclePanel({ endpoints }: { endpoints: DiscoveredEndpoints | null }) {
  const flow = useOAuth2((s) => s.flow);
  const profile = useOAuth2((s) => s.profile);
  const l = useLifecycle((x) => x);
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
            {both('Introspect', endpoints?.introspection, (e, w) => void l.introspectionRequested(e, w))}
            {both('Revoke', endpoints?.revocation, (e, w) => void l.revocationRequested(e, w))}
          </div>
          {!endpoints ? (
            <p className="muted">
              Discover the issuer: the revocation and introspection endpoints come from its metadata.
            </p>
          ) : (
            (!endpoints.introspection || !endpoints.revocation) && (
              <p className="muted">
                The provider's metadata names no{' '}
                {[
                  !endpoints.revocation && 'revocation_endpoint (RFC 7009)',
                  !endpoints.introspection && 'introspection_endpoint (RFC 7662)',
                ]
                  .filter(Boolean)
                  .join(' and no ')}
                .
              </p>
            )
          )}
        </>
      )}
      {l.problem && (
        <p className="error" role="alert">
          {l.problem}
        </p>
      )}
      {[...l.legs].reverse().map((leg) => (
        <LegView key={leg.id} leg={leg} clientSecret={l.flow?.config.clientSecret ?? ''} />
      ))}
    </section>
  );
}
