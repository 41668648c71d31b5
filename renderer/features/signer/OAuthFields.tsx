import { SIGNATURE_METHODS, type ParameterPlacement, type SignatureMethod } from '../../../shared/oauth1';
import { Field } from './Field';
import { ParamRows } from './ParamRows';
import type { FieldIssues, SignerForm } from './signer-form';
import { PLACEMENT_OPTIONS } from '../../components/placement-options';
import { SecretInput } from '../../components/SecretInput';

interface GroupProps {
  form: SignerForm;
  issues: FieldIssues;
  onEdit: (patch: Partial<SignerForm>) => void;
}

/** How the request is signed: the signature method, where the parameters travel, the realm, oauth_version. */
function SigningChoices({ form, onEdit }: Omit<GroupProps, 'issues'>) {
  return (
    <>
      <Field label="Signature method">
        <select
          value={form.signatureMethod}
          onChange={(e) => onEdit({ signatureMethod: e.target.value as SignatureMethod })}
        >
          {SIGNATURE_METHODS.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </select>
      </Field>
      <Field label="Parameters in">
        <select value={form.placement} onChange={(e) => onEdit({ placement: e.target.value as ParameterPlacement })}>
          {PLACEMENT_OPTIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Realm">
        <input
          className="mono"
          value={form.realm}
          placeholder="(none)"
          spellCheck={false}
          onChange={(e) => onEdit({ realm: e.target.value })}
        />
      </Field>
      <label className="signer-check signer-version">
        <input
          type="checkbox"
          checked={form.includeVersion}
          onChange={(e) => onEdit({ includeVersion: e.target.checked })}
        />
        Send oauth_version=1.0
      </label>
    </>
  );
}

/** The oauth_* values: callback and verifier (sent when given), nonce and timestamp. */
function ProtocolValues({ form, issues, onEdit }: GroupProps) {
  return (
    <>
      <Field label="oauth_callback">
        <input
          className="mono"
          value={form.callback}
          placeholder="(not sent)"
          spellCheck={false}
          onChange={(e) => onEdit({ callback: e.target.value })}
        />
      </Field>
      <Field label="oauth_verifier">
        <SecretInput
          label="oauth_verifier"
          value={form.verifier}
          placeholder="(not sent)"
          onChange={(verifier) => onEdit({ verifier })}
        />
      </Field>
      <Field label="oauth_nonce" error={issues.nonce}>
        <input
          className="mono"
          value={form.nonce}
          spellCheck={false}
          onChange={(e) => onEdit({ nonce: e.target.value })}
        />
      </Field>
      <Field label="oauth_timestamp" error={issues.timestamp}>
        <input
          className="mono"
          value={form.timestamp}
          inputMode="numeric"
          spellCheck={false}
          onChange={(e) => onEdit({ timestamp: e.target.value })}
        />
      </Field>
    </>
  );
}

/** The protocol side: signature method, where the parameters travel, optional oauth_* values, nonce and timestamp. */
export function OAuthFields({ form, issues, onEdit, onRenew }: GroupProps & { onRenew: () => void }) {
  return (
    <fieldset className="signer-group" aria-label="OAuth parameters">
      <legend>OAuth parameters</legend>
      <div className="signer-grid">
        <SigningChoices form={form} onEdit={onEdit} />
        <ProtocolValues form={form} issues={issues} onEdit={onEdit} />
      </div>
      <div className="signer-renew">
        <button type="button" onClick={onRenew}>
          New nonce and timestamp
        </button>
        <span className="muted small">
          A nonce is single-use (RFC 5849 §3.3); a fresh one is drawn after every send.
        </span>
      </div>
      <div className="signer-extra">
        <span className="signer-label">Other protocol parameters</span>
        <ParamRows
          rows={form.extraOauth}
          what="protocol parameter"
          namePlaceholder="oauth_…"
          addLabel="+ Add oauth_* parameter"
          onChange={(extraOauth) => onEdit({ extraOauth })}
        />
      </div>
    </fieldset>
  );
}
