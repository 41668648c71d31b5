import { useState, type ReactNode } from 'react';
import type { ClientCredentialsLeg, ClientCredentialsState } from '../../../shared/flows/client-credentials-flow';
import { CLIENT_GRANTS } from '../../../shared/flows/driver/registry';
import { useStores } from '../../app/stores';
import type { Arrow } from '../../components/SequenceDiagram';
import { Countdown } from '../../components/Countdown';
import type { RawRequest } from '../../../shared/http';
import type { TokenSet } from '../../../shared/oauth2/token-response';
import type { GrantPageParts, LegExportSource } from '../flow/grant-page-parts';
import { GrantPage } from '../flow/GrantPage';
import { tokenTail } from '../../../shared/oidc/token-lifecycle';

const TITLES: Record<ClientCredentialsLeg, string> = { token: 'Token request', api: 'API request' };
const ARROWS: readonly Arrow<ClientCredentialsLeg>[] = [
  { from: 'app', to: 'provider', label: 'POST token: grant_type=client_credentials, scope, resource', leg: 'token' },
  { from: 'provider', to: 'app', label: 'access_token, expires_in (no refresh_token)', leg: 'token' },
  { from: 'app', to: 'provider', label: 'GET the API (Authorization: Bearer)', leg: 'api' },
];
const rfc = (doc: string, section: string, text: string) => (
  <a href={`https://www.rfc-editor.org/rfc/${doc}#section-${section}`} target="_blank" rel="noreferrer">
    {text}
  </a>
);
const EXPLAIN: Record<ClientCredentialsLeg, ReactNode> = {
  token: (
    <>
      The client asks for a token for itself, with no user: <code>grant_type=client_credentials</code> and its own
      credentials ({rfc('rfc6749', '4.4.2', 'RFC 6749 §4.4.2')}). <code>resource</code> names each API the token is for
      ({rfc('rfc8707', '2', 'RFC 8707 §2')}); Auth0 and Okta call it <code>audience</code>. No refresh token comes back
      ({rfc('rfc6749', '4.4.3', '§4.4.3')}): ask again before the token expires.
    </>
  ),
  api: <>The token on a request to the API, as a Bearer header ({rfc('rfc6750', '2.1', 'RFC 6750 §2.1')}).</>,
};

/** The credentials obtained so far: the bearer token and when it expires (no refresh token: ask again). */
export function Credentials({ flow, now }: { flow: { readonly token: TokenSet | null } | null; now: () => number }) {
  const token = flow?.token;
  return (
    <ul className="timeline" aria-label="Credentials">
      <li className={token ? 'have' : ''}>
        Bearer token:{' '}
        {token ? (
          <>
            <code>{tokenTail(token.accessToken)}</code>{' '}
            {token.expiresAt ? (
              <>
                <Countdown until={token.expiresAt} now={now} lead="expires in" /> (no refresh token: ask again)
              </>
            ) : (
              'no expiry given'
            )}
          </>
        ) : (
          'none yet'
        )}
      </li>
    </ul>
  );
}

/**
 * The API call exported with what getting the next token needs: the exported code asks the token endpoint again with
 * the client's credentials when the token is refused, as there is no refresh token (RFC 6749 §4.4.3). The code
 * authenticates with the client secret only (a client assertion is not written into it), so a client that signs
 * assertions or presents a certificate exports its requests as they are.
 */
function exportSource(leg: ClientCredentialsLeg, flow: ClientCredentialsState, request: RawRequest): LegExportSource {
  const c = flow.config;
  if (leg !== 'api' || !flow.token || (c.authentication !== 'body' && c.authentication !== 'basic'))
    return { kind: 'request', request };
  return {
    kind: 'oauth2',
    grant: 'client_credentials',
    request,
    accessToken: flow.token.accessToken,
    tokenUrl: c.tokenUrl,
    clientId: c.clientId,
    clientSecret: c.clientSecret,
    clientAuthentication: c.authentication,
    scope: c.scope,
    resources: c.resources,
    audience: c.audience,
  };
}

/** The client credentials grant's explanations: the token leg with its scope, resources and audience, then the call. */
const PARTS: GrantPageParts<ClientCredentialsState, ClientCredentialsLeg> = {
  name: 'Client credentials',
  intro:
    "Get a token for the client itself, with no user and no browser (RFC 6749 §4.4): one request to the token endpoint with the profile's client id and secret, then a call to the API with the token.",
  titles: TITLES,
  arrows: ARROWS,
  explain: EXPLAIN,
  explainKey: 'clientCredentials',
  secrets: (flow) => [flow?.config.clientSecret, flow?.token?.accessToken],
  credentials: (flow, now) => <Credentials flow={flow} now={now} />,
  fields: { token: (flow, edit) => <TokenFields flow={flow} edit={edit} /> },
  sendLabel: (leg, flow) => (leg === 'token' && flow.token ? 'Ask again' : 'Send'),
  exportSource,
};

/** The client credentials page: the registered grant on the generic page, with its explanations. */
export function ClientCredentialsPage() {
  return <GrantPage grant={CLIENT_GRANTS.client_credentials} store={useStores().clientCredentials} parts={PARTS} />;
}

/** The token request's parameters, edited in the flow's configuration (the request above follows). */
function TokenFields({
  flow,
  edit: flowEdited,
}: {
  flow: ClientCredentialsState;
  edit: (edit: (state: ClientCredentialsState) => ClientCredentialsState) => void;
}) {
  const edit = (patch: Partial<ClientCredentialsState['config']>) =>
    flowEdited((f) => ({ ...f, config: { ...f.config, ...patch } }));
  const c = flow.config;
  // The lines as typed (an empty one while the next URI is being typed); the flow gets the non-empty ones.
  const [resources, setResources] = useState(c.resources.join('\n'));
  return (
    <form className="request-form" aria-label="Token request parameters" onSubmit={(e) => e.preventDefault()}>
      <div className="form-row">
        <label className="grow">
          Scope
          <input className="mono" value={c.scope ?? ''} onChange={(e) => edit({ scope: e.target.value || null })} />
        </label>
        <label className="grow">
          Audience (Auth0, Okta)
          <input
            className="mono"
            value={c.audience ?? ''}
            onChange={(e) => edit({ audience: e.target.value || null })}
          />
        </label>
      </div>
      <div className="form-row">
        <label className="grow">
          Resources (RFC 8707), one URI a line
          <textarea
            className="mono"
            rows={2}
            spellCheck={false}
            value={resources}
            onChange={(e) => {
              setResources(e.target.value);
              edit({ resources: e.target.value.split('\n').filter((r) => r.trim() !== '') });
            }}
          />
        </label>
      </div>
    </form>
  );
}
