import type { Profile } from '../../../shared/store/profile';
import { Field } from './Field';
import { ParamRows } from './ParamRows';
import type { BodyMode, FieldIssues, SignerForm } from './signer-form';
import type { Endpoint } from '../../state/signer/signer-state';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const ENDPOINTS: readonly { id: Endpoint; label: string }[] = [
  { id: 'requestToken', label: 'POST request token' },
  { id: 'accessToken', label: 'POST access token' },
  { id: 'api', label: 'GET API' },
];

/** The profile's endpoints, one click each to fill the method and URL. */
function EndpointButtons({
  profile,
  baseUrl,
  onEndpoint,
}: {
  profile: Profile;
  baseUrl: string | null;
  onEndpoint: (endpoint: Endpoint) => void;
}) {
  return (
    <div className="signer-endpoints" role="group" aria-label={`Endpoints of ${profile.name}`}>
      <span className="muted small">{profile.name}:</span>
      {ENDPOINTS.map((e) => (
        <button type="button" key={e.id} disabled={!baseUrl} onClick={() => onEndpoint(e.id)}>
          {e.label}
        </button>
      ))}
      {!baseUrl && (
        <span className="muted small">
          {profile.builtIn ? 'the mock is not running' : 'the profile has no base URL'}
        </span>
      )}
    </div>
  );
}

/** The body: none, a form signed with the protocol parameters, or raw (with an optional body hash). */
function BodyFields({
  form,
  issues,
  onEdit,
}: {
  form: SignerForm;
  issues: FieldIssues;
  onEdit: (patch: Partial<SignerForm>) => void;
}) {
  return (
    <>
      <div className="signer-body-mode" role="radiogroup" aria-label="Body">
        <span className="signer-label">Body</span>
        {(['none', 'form', 'raw'] as const satisfies readonly BodyMode[]).map((m) => (
          <label key={m} className="signer-radio">
            <input
              type="radio"
              name="signer-body"
              value={m}
              checked={form.bodyMode === m}
              onChange={() => onEdit({ bodyMode: m })}
            />
            {m === 'none' ? 'None' : m === 'form' ? 'Form (signed)' : 'Raw'}
          </label>
        ))}
      </div>
      {form.bodyMode === 'form' && (
        <>
          <p className="muted small">
            application/x-www-form-urlencoded: each parameter is signed with the protocol parameters (RFC 5849
            §3.4.1.3.1).
          </p>
          <ParamRows
            rows={form.formRows}
            what="form parameter"
            namePlaceholder="name"
            addLabel="+ Add form parameter"
            onChange={(formRows) => onEdit({ formRows })}
          />
          {issues.formRows && <p className="field-error">{issues.formRows}</p>}
        </>
      )}
      {form.bodyMode === 'raw' && (
        <>
          <Field label="Content type" error={issues.rawContentType}>
            <input
              className="mono"
              value={form.rawContentType}
              spellCheck={false}
              onChange={(e) => onEdit({ rawContentType: e.target.value })}
            />
          </Field>
          <Field label="Raw body" className="wide">
            <textarea
              className="mono"
              rows={4}
              value={form.rawBody}
              spellCheck={false}
              onChange={(e) => onEdit({ rawBody: e.target.value })}
            />
          </Field>
          <label className="signer-check">
            <input type="checkbox" checked={form.bodyHash} onChange={(e) => onEdit({ bodyHash: e.target.checked })} />
            Add oauth_body_hash{' '}
            <span className="muted small">(a raw body is not signed otherwise; draft-eaton-oauth-bodyhash)</span>
          </label>
        </>
      )}
    </>
  );
}

/** The HTTP request to sign: method, URL with its query, and the body (a signed form, or raw with a body hash). */
export function RequestFields({
  form,
  issues,
  profile,
  baseUrl,
  onEdit,
  onEndpoint,
}: {
  form: SignerForm;
  issues: FieldIssues;
  profile: Profile | null;
  baseUrl: string | null;
  onEdit: (patch: Partial<SignerForm>) => void;
  onEndpoint: (endpoint: Endpoint) => void;
}) {
  return (
    <fieldset className="signer-group" aria-label="HTTP request">
      <legend>HTTP request</legend>
      {profile && <EndpointButtons profile={profile} baseUrl={baseUrl} onEndpoint={onEndpoint} />}
      <div className="signer-line">
        <Field label="Method" error={issues.method} className="signer-method">
          <input
            className="mono"
            list="signer-methods"
            value={form.method}
            spellCheck={false}
            onChange={(e) => onEdit({ method: e.target.value.toUpperCase() })}
          />
        </Field>
        <datalist id="signer-methods">
          {METHODS.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
        <Field label="URL" error={issues.url} className="grow">
          <input
            className="mono"
            value={form.url}
            placeholder="https://api.example.com/resource?query=allowed"
            spellCheck={false}
            onChange={(e) => onEdit({ url: e.target.value })}
          />
        </Field>
      </div>
      <BodyFields form={form} issues={issues} onEdit={onEdit} />
    </fieldset>
  );
}
