import type { ReactNode } from 'react';
import type { IdJagConfig, IdJagLeg, IdJagState } from '../../../shared/flows/driver/grants/id-jag';
import { CLIENT_GRANTS } from '../../../shared/flows/driver/registry';
import { useStores } from '../../app/stores';
import type { Arrow } from '../../components/SequenceDiagram';
import type { GrantPageParts } from '../flow/grant-page-parts';
import { GrantPage } from '../flow/GrantPage';
import { Credentials } from './ClientCredentialsPage';
import { SecretField } from '../../components/SecretInput';

const DRAFT = 'https://datatracker.ietf.org/doc/draft-ietf-oauth-identity-assertion-authz-grant/';
const TITLES: Record<IdJagLeg, string> = {
  exchange: 'ID-JAG from the IdP',
  token: 'Redeem the ID-JAG',
  api: 'API request',
};
const ARROWS: readonly Arrow<IdJagLeg>[] = [
  { from: 'app', to: 'provider', label: 'POST IdP token: token-exchange, id_token → id-jag', leg: 'exchange' },
  { from: 'provider', to: 'app', label: 'the ID-JAG (issued_token_type id-jag)', leg: 'exchange' },
  { from: 'app', to: 'provider', label: 'POST AS token: jwt-bearer, assertion = ID-JAG', leg: 'token' },
  { from: 'provider', to: 'app', label: 'access_token, expires_in', leg: 'token' },
  { from: 'app', to: 'provider', label: 'GET the API (Authorization: Bearer)', leg: 'api' },
];
const link = (href: string, text: string) => (
  <a href={href} target="_blank" rel="noreferrer">
    {text}
  </a>
);
const EXPLAIN: Record<IdJagLeg, ReactNode> = {
  exchange: (
    <>
      At the enterprise IdP, a token exchange (
      {link('https://www.rfc-editor.org/rfc/rfc8693#section-2.1', 'RFC 8693 §2.1')}) of the user&apos;s{' '}
      <code>id_token</code> for an Identity Assertion JWT Authorization Grant ({link(DRAFT, 'ID-JAG')}):{' '}
      <code>requested_token_type</code> id-jag, <code>audience</code> the resource&apos;s authorization server&apos;s
      issuer, <code>resource</code>, <code>scope</code>. Before it goes further the ID-JAG is checked:{' '}
      <code>issued_token_type</code> id-jag, <code>typ</code> oauth-id-jag+jwt, <code>aud</code> that server.
    </>
  ),
  token: (
    <>
      At the resource&apos;s authorization server, the ID-JAG presented as a JWT bearer grant&apos;s assertion (
      {link('https://www.rfc-editor.org/rfc/rfc7523#section-2.1', 'RFC 7523 §2.1')}), the client authenticated as the
      profile says; the server checks its typ, signature, aud, client_id, resource and exp.
    </>
  ),
  api: <>The token on a request to the API, as a Bearer header (RFC 6750 §2.1).</>,
};

const PARTS: GrantPageParts<IdJagState, IdJagLeg> = {
  name: 'ID-JAG',
  intro:
    "Get a token through the enterprise IdP (draft-ietf-oauth-identity-assertion-authz-grant): the user's id_token exchanged at the IdP for an ID-JAG (RFC 8693), redeemed at the resource's authorization server (RFC 7523) with the profile's client, then a call to the API.",
  titles: TITLES,
  arrows: ARROWS,
  explain: EXPLAIN,
  explainKey: 'idJag',
  secrets: (flow) => [
    flow?.config.clientSecret,
    flow?.config.idp.clientSecret,
    flow?.config.idToken,
    flow?.idJag,
    flow?.token?.accessToken,
  ],
  credentials: (flow, now) => <Credentials flow={flow} now={now} />,
  fields: { exchange: (flow, edit) => <ExchangeFields flow={flow} edit={edit} /> },
};

/** The ID-JAG page: the registered grant on the generic page, with its explanations and the IdP's settings. */
export function IdJagPage() {
  return <GrantPage grant={CLIENT_GRANTS.id_jag} store={useStores().idJag} parts={PARTS} />;
}

/** One text setting of the exchange, edited in the flow's configuration. */
function Field({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="grow">
      {label}
      <input className="mono" value={value} spellCheck={false} onChange={(e) => onChange(e.target.value.trim())} />
    </label>
  );
}

/** The exchange's settings: the IdP and its client, the id_token, and what the ID-JAG is for. */
function ExchangeFields({ flow, edit }: { flow: IdJagState; edit: (edit: (state: IdJagState) => IdJagState) => void }) {
  const c = flow.config;
  const config = (patch: Partial<IdJagConfig>) => edit((f) => ({ ...f, config: { ...f.config, ...patch } }));
  const idp = (patch: Partial<IdJagConfig['idp']>) => {
    const next = { ...c.idp, ...patch };
    config({ idp: { ...next, authentication: next.clientSecret ? 'basic' : 'none' } });
  };
  return (
    <form className="request-form" aria-label="Token exchange parameters" onSubmit={(e) => e.preventDefault()}>
      <div className="form-row">
        <Field label="IdP token endpoint" value={c.idp.tokenUrl} onChange={(tokenUrl) => idp({ tokenUrl })} />
      </div>
      <div className="form-row">
        <Field label="IdP client id" value={c.idp.clientId} onChange={(clientId) => idp({ clientId })} />
        <SecretField
          className="grow"
          label="IdP client secret (Basic; empty: none)"
          name="IdP client secret"
          value={c.idp.clientSecret}
          onChange={(clientSecret) => idp({ clientSecret: clientSecret.trim() })}
        />
      </div>
      <div className="form-row">
        <SecretField
          className="grow"
          label="id_token (the user's, from the IdP)"
          name="id_token"
          multiline
          value={c.idToken}
          onChange={(idToken) => config({ idToken: idToken.trim() })}
        />
      </div>
      <div className="form-row">
        <Field
          label="audience (the authorization server's issuer)"
          value={c.audience}
          onChange={(audience) => config({ audience })}
        />
        <Field label="resource" value={c.resource ?? ''} onChange={(v) => config({ resource: v || null })} />
        <Field label="Scope" value={c.scope ?? ''} onChange={(v) => config({ scope: v || null })} />
      </div>
    </form>
  );
}
