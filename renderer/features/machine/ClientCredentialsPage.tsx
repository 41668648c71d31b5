import { useState, type ReactNode } from 'react';
import type { ClientCredentialsLeg, ClientCredentialsState } from '../../../shared/flows/client-credentials-flow';
import { CLIENT_GRANTS } from '../../../shared/flows/driver/registry';
import { useClientCredentials, useDeps } from '../../app/stores';
import type { Arrow } from '../../components/SequenceDiagram';
import { Countdown } from '../../components/Countdown';
import { FlowPageShell } from '../flow/FlowPageShell';
import { MachineLegPanel, requestOf } from './MachineLegPanel';

const GRANT = CLIENT_GRANTS.client_credentials;
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

/** The client credentials page: the token leg with its scope, resources and audience, then the resource call. */
export function ClientCredentialsPage() {
  const deps = useDeps();
  const { now } = deps;
  const flow = useClientCredentials((s) => s.flow);
  const current = useClientCredentials((s) => s.current);
  const runs = useClientCredentials((s) => s.runs);
  const profile = useClientCredentials((s) => s.profile);
  const startError = useClientCredentials((s) => s.startError);
  const flowStarted = useClientCredentials((s) => s.flowStarted);
  const legChosen = useClientCredentials((s) => s.legChosen);
  const legSent = useClientCredentials((s) => s.legSent);
  const token = flow?.token;
  const secrets = [flow?.config.clientSecret, token?.accessToken].filter((s): s is string => !!s);
  const run = runs[current];
  const send = {
    label: run?.sending ? 'Sending…' : current === 'token' && token ? 'Ask again' : 'Send',
    run: () => void legSent(current),
    disabled: !!run?.sending || (current === 'api' && !token),
  };
  const next = current === 'token' && token ? { title: TITLES.api, go: () => legChosen('api') } : null;
  const credentials = (
    <ul className="timeline" aria-label="Credentials">
      <li className={token ? 'have' : ''}>
        Bearer token:{' '}
        {token ? (
          <>
            <code>{token.accessToken.slice(0, 12)}…</code>{' '}
            {token.expiresAt ? (
              <>
                expires in <Countdown until={token.expiresAt} now={now} />; ask again before then
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
  return (
    <FlowPageShell
      name="Client credentials"
      flow={flow}
      flowProfile={profile}
      startError={startError}
      onStart={flowStarted}
      intro={() =>
        "Get a token for the client itself, with no user and no browser (RFC 6749 §4.4): one request to the token endpoint with the profile's client id and secret, then a call to the API with the token."
      }
      titles={TITLES}
      arrows={ARROWS}
      explain={EXPLAIN}
      explainKey="clientCredentials"
      current={current}
      onChoose={legChosen}
      credentials={credentials}
      panel={
        <MachineLegPanel
          key={current}
          request={requestOf(GRANT.legs[current], flow, deps)}
          secrets={secrets}
          run={run}
          action={send}
          next={next}
          fields={current === 'token' && flow ? <TokenFields flow={flow} /> : undefined}
        />
      }
    />
  );
}

/** The token request's parameters, edited in the flow's configuration (the request above follows). */
function TokenFields({ flow }: { flow: ClientCredentialsState }) {
  const flowEdited = useClientCredentials((s) => s.flowEdited);
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
