import { MCP_GRANTS, type McpGrantName } from '../../../shared/flows/mcp/ports';
import { CLIENT_AUTHENTICATIONS, type ClientAuthentication } from '../../../shared/oauth2/token-request';
import type { McpForm } from '../../state/mcp/mcp-state';
import { useMcp } from './use-mcp';
import { SecretField } from '../../components/SecretInput';

const GRANT_LABELS: Readonly<Record<McpGrantName, string>> = {
  'authorization-code': 'Authorization code',
  'client-credentials': 'Client credentials',
  'jwt-bearer': 'JWT bearer (workload)',
  'id-jag': 'ID-JAG (enterprise-managed)',
};

/** The page offers the methods whose credentials it holds: mutual TLS needs a certificate (oauth-lab mcp --client-cert). */
const PAGE_CLIENT_AUTHS = CLIENT_AUTHENTICATIONS.filter((m) => !m.endsWith('tls_client_auth'));

/**
 * How the client gets its token and proves itself, as `oauth-lab mcp` has it: --grant, --client-auth with its key,
 * alg and aud, and --dpop. The fields a choice needs appear with it.
 */
export function McpClientChoices() {
  const form = useMcp((x) => x.form);
  const edited = useMcp((x) => x.formEdited);
  const running = useMcp((x) => x.running);
  const signed = form.clientAuth === 'client_secret_jwt' || form.clientAuth === 'private_key_jwt';
  return (
    <fieldset className="mcp-client-choices" disabled={running}>
      <legend>Grant and client authentication</legend>
      <label title="Authorization code: in the browser. Client credentials (RFC 6749 §4.4), JWT bearer (RFC 7523 §2.1) and ID-JAG (the user's id_token exchanged at the IdP, RFC 8693, then redeemed): no browser, a pre-registered client.">
        Grant
        <select value={form.grant} onChange={(e) => edited({ grant: e.target.value as McpGrantName })}>
          {MCP_GRANTS.map((g) => (
            <option key={g} value={g}>
              {GRANT_LABELS[g]}
            </option>
          ))}
        </select>
      </label>
      {form.grant === 'jwt-bearer' && (
        <McpSecret label="Workload JWT" field="assertion" placeholder="the JWT the workload's platform issued" />
      )}
      {form.grant === 'id-jag' && <IdpFields />}
      <label title="Automatic: the registration's method, else the first the server lists.">
        Client authentication
        <select
          value={form.clientAuth}
          onChange={(e) => edited({ clientAuth: e.target.value as ClientAuthentication | '' })}
        >
          <option value="">automatic</option>
          {PAGE_CLIENT_AUTHS.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </label>
      {form.clientAuth === 'private_key_jwt' && (
        <McpSecret label="Private key" field="privateKey" placeholder="PEM or JWK" multiline />
      )}
      {signed && (
        <>
          <TextField label="Signing alg" field="signingAlg" placeholder="empty: the key's own" />
          <label>
            Assertion aud
            <select
              value={form.assertionAud}
              onChange={(e) => edited({ assertionAud: e.target.value as McpForm['assertionAud'] })}
            >
              <option value="token_endpoint">the token endpoint</option>
              <option value="issuer">the issuer</option>
            </select>
          </label>
        </>
      )}
      <label className="mcp-dpop">
        <input type="checkbox" checked={form.dpop} onChange={(e) => edited({ dpop: e.target.checked })} /> DPoP (RFC
        9449): a new key for the run, its nonces followed
      </label>
    </fieldset>
  );
}

/**
 * The ID-JAG's IdP, as `oauth-lab mcp --grant id-jag` has it: its token endpoint, its client and secret, and the
 * user's id_token the token exchange presents (RFC 8693 §2.1).
 */
function IdpFields() {
  return (
    <>
      <TextField label="IdP token endpoint" field="idpTokenEndpoint" placeholder="empty on the mock: its own" />
      <TextField label="IdP client ID" field="idpClientId" placeholder="empty: the Client ID" />
      <McpSecret label="IdP client secret" field="idpClientSecret" placeholder="Basic; empty: none" />
      <McpSecret label="id_token" field="idToken" placeholder="the user's, from the IdP" />
    </>
  );
}

/** A value typed in on one line, shown as typed. */
function TextField(props: {
  label: string;
  field: 'signingAlg' | 'idpTokenEndpoint' | 'idpClientId';
  placeholder: string;
}) {
  const value = useMcp((x) => x.form[props.field]);
  const edited = useMcp((x) => x.formEdited);
  return (
    <label>
      {props.label}
      <input
        className="mono"
        value={value}
        placeholder={props.placeholder}
        onChange={(e) => edited({ [props.field]: e.target.value })}
      />
    </label>
  );
}

/** A credential typed or pasted in, masked until revealed: on one line, or a text area for a key. */
function McpSecret(props: {
  label: string;
  field: 'assertion' | 'privateKey' | 'idpClientSecret' | 'idToken';
  placeholder: string;
  multiline?: boolean;
}) {
  const value = useMcp((x) => x.form[props.field]);
  const edited = useMcp((x) => x.formEdited);
  return (
    <SecretField
      label={props.label}
      name={props.label.toLowerCase()}
      value={value}
      placeholder={props.placeholder}
      multiline={props.multiline}
      onChange={(v) => edited({ [props.field]: v })}
    />
  );
}
