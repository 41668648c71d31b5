import type {
  TokenEndpointGrant,
  TokenEndpointGrantLeg,
  TokenEndpointGrantState,
} from '../../../shared/flows/driver/token-endpoint-grant';
import { useStores } from '../../app/stores';
import type { GrantPageParts } from '../flow/grant-page-parts';
import { GrantPage } from '../flow/GrantPage';
import { Credentials } from './ClientCredentialsPage';
import { SecretField } from '../../components/SecretInput';
import { isSecretParameter } from '../../../shared/secrets';

type Parts = GrantPageParts<TokenEndpointGrantState, TokenEndpointGrantLeg>;

/** The page's words, all derived from the grant's spec (a new token-endpoint grant brings no page of its own). */
function partsOf({ spec }: TokenEndpointGrant): Parts {
  const params = spec.parameters.map((p) => p.name).join(', ');
  return {
    name: spec.title,
    intro: `Get a token by the ${spec.title} grant (${spec.definedBy}): one request to the token endpoint with grant_type ${spec.grantType} and ${params}, the client authenticated as the profile says, then a call to the API with the token.`,
    titles: { token: 'Token request', api: 'API request' },
    arrows: [
      { from: 'app', to: 'provider', label: `POST token: grant_type, ${params}`, leg: 'token' },
      { from: 'provider', to: 'app', label: 'access_token, expires_in', leg: 'token' },
      { from: 'app', to: 'provider', label: 'GET the API (Authorization: Bearer)', leg: 'api' },
    ],
    explain: {
      token: (
        <>
          <code>grant_type={spec.grantType}</code> with{' '}
          {spec.parameters.map((p, i) => (
            <span key={p.name}>
              {i > 0 && ', '}
              <code>{p.name}</code>: {p.what}
            </span>
          ))}{' '}
          ({spec.definedBy}). The client authenticates as the profile says, and with DPoP on, the request carries a
          proof.
        </>
      ),
      api: <>The token on a request to the API, as a Bearer header (RFC 6750 §2.1).</>,
    },
    explainKey: `grant-${spec.command}`,
    secrets: (flow) => [
      flow?.config.clientSecret,
      flow?.token?.accessToken,
      ...spec.parameters.filter(isSecretField).map((p) => flow?.config.values[p.name]),
    ],
    credentials: (flow, now) => <Credentials flow={flow} now={now} />,
    fields: { token: (flow, edit) => <ParameterFields grant={spec} flow={flow} edit={edit} /> },
    sendLabel: (leg, flow) => (leg === 'token' && flow.token ? 'Ask again' : 'Send'),
  };
}

/** The page of a token-endpoint grant: the registered grant on the generic page, with words from its spec. */
export function TokenEndpointGrantPage({ grant }: { grant: TokenEndpointGrant }) {
  const store = useStores().tokenGrants[grant.spec.command]!;
  return <GrantPage grant={grant} store={store} parts={partsOf(grant)} />;
}

/** A parameter the spec marks secret, or whose name is one by the one list (shared/secrets.ts): masked. */
const isSecretField = (p: TokenEndpointGrant['spec']['parameters'][number]) =>
  p.secret || isSecretParameter(p.name, 'form');

/** The scope and one field per parameter of the grant, edited in the flow's configuration. */
function ParameterFields({
  grant,
  flow,
  edit,
}: {
  grant: TokenEndpointGrant['spec'];
  flow: TokenEndpointGrantState;
  edit: (edit: (state: TokenEndpointGrantState) => TokenEndpointGrantState) => void;
}) {
  const c = flow.config;
  const configEdited = (patch: Partial<TokenEndpointGrantState['config']>) =>
    edit((f) => ({ ...f, config: { ...f.config, ...patch } }));
  return (
    <form className="request-form" aria-label="Token request parameters" onSubmit={(e) => e.preventDefault()}>
      <div className="form-row">
        <label className="grow">
          Scope
          <input
            className="mono"
            value={c.scope ?? ''}
            onChange={(e) => configEdited({ scope: e.target.value || null })}
          />
        </label>
      </div>
      {grant.parameters.map((p) => {
        const label = `${p.name} (${p.what}${
          p.requiredWith ? `; needed with ${p.requiredWith}` : p.optional ? '; optional' : ''
        }${p.repeatable ? '; one per line' : ''})`;
        // A repeatable parameter keeps its line breaks as typed; its lines are trimmed when sent.
        const edited = (value: string) =>
          configEdited({ values: { ...c.values, [p.name]: p.repeatable ? value : value.trim() } });
        const value = c.values[p.name] ?? '';
        return (
          <div className="form-row" key={p.name}>
            {isSecretField(p) ? (
              <SecretField className="grow" label={label} name={p.name} multiline value={value} onChange={edited} />
            ) : (
              <label className="grow">
                {label}
                <textarea
                  className="mono"
                  rows={1}
                  spellCheck={false}
                  value={value}
                  onChange={(e) => edited(e.target.value)}
                />
              </label>
            )}
          </div>
        );
      })}
    </form>
  );
}
