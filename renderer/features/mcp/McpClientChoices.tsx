import { MCP_GRANTS, type McpGrantName } from '../../../shared/flows/mcp/ports';
import { CLIENT_AUTHENTICATIONS, type ClientAuthentication } from '../../../shared/oauth2/token-request';
import type { McpForm } from '../../state/mcp/mcp-state';
import { useMcp } from './use-mcp';
import { SecretField } from '../../components/SecretInput';

const GRANT_LABELS: Readonly<Record<McpGrantName, string>> = {
  'authorization-code': 'Authorization code',
  'client-credentials': 'Client credentials',
  'jwt-bearer': 'JWT bearer (workload)',
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
      <label title="Authorization code: in the browser. Client credentials (RFC 6749 §4.4) and JWT bearer (RFC 7523 §2.1): no browser, a pre-registered client.">
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
          <label>
            Signing alg
            <input
              className="mono"
              value={form.signingAlg}
              placeholder="empty: the key's own"
              onChange={(e) => edited({ signingAlg: e.target.value })}
            />
          </label>
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

/** A credential typed or pasted in, masked until revealed: on one line, or a text area for a key. */
function McpSecret(props: {
  label: string;
  field: 'assertion' | 'privateKey';
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
