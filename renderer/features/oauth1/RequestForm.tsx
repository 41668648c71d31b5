import { SIGNATURE_METHODS, type ParamSource } from '../../../shared/oauth1';
import type { OAuth1Draft, SignedLeg } from '../../state/oauth1/oauth1-drafts';
import { PLACEMENT_OPTIONS } from '../../components/placement-options';
import { ExtraParameters } from './ExtraParameters';
import { SecretField } from '../../components/SecretInput';

interface FieldsProps {
  draft: OAuth1Draft;
  onEdit: (patch: Partial<OAuth1Draft>) => void;
}

/** The request line: method and URL. */
function MethodAndUrl({ draft, onEdit }: FieldsProps) {
  return (
    <div className="form-row">
      <label>
        Method
        <input
          className="mono method-input"
          value={draft.method}
          onChange={(e) => onEdit({ method: e.target.value.toUpperCase() })}
        />
      </label>
      <label className="grow">
        URL
        <input
          className="mono"
          value={draft.url}
          spellCheck={false}
          onChange={(e) => onEdit({ url: e.target.value })}
        />
      </label>
    </div>
  );
}

/** The consumer's key and secret (the secret masked until revealed). */
function ConsumerCredentials({ draft, onEdit }: FieldsProps) {
  return (
    <div className="form-row">
      <label>
        Consumer key
        <input className="mono" value={draft.consumerKey} onChange={(e) => onEdit({ consumerKey: e.target.value })} />
      </label>
      <SecretField
        label="Consumer secret"
        name="consumer secret"
        value={draft.consumerSecret ?? ''}
        onChange={(consumerSecret) => onEdit({ consumerSecret })}
      />
    </div>
  );
}

/** How the request is signed: the method, where the parameters go, the realm, oauth_version. */
function SignatureOptions({ draft, onEdit }: FieldsProps) {
  return (
    <div className="form-row">
      <label>
        Signature method
        <select
          value={draft.signatureMethod}
          onChange={(e) => onEdit({ signatureMethod: e.target.value as OAuth1Draft['signatureMethod'] })}
        >
          {SIGNATURE_METHODS.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </select>
      </label>
      <label>
        Parameters in
        <select
          value={draft.placement ?? 'header'}
          onChange={(e) => onEdit({ placement: e.target.value as ParamSource })}
        >
          {PLACEMENT_OPTIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Realm
        <input
          className="mono"
          value={draft.realm ?? ''}
          placeholder="(none)"
          onChange={(e) => onEdit({ realm: e.target.value || null })}
        />
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={draft.includeVersion ?? true}
          onChange={(e) => onEdit({ includeVersion: e.target.checked })}
        />
        oauth_version
      </label>
    </div>
  );
}

/** The leg's own protocol parameters, the nonce and the timestamp (RFC 5849 §3.3). */
function ProtocolParameters({ leg, draft, onEdit, onRenew }: FieldsProps & { leg: SignedLeg; onRenew: () => void }) {
  return (
    <div className="form-row">
      {leg !== 'api' && (
        <label className="grow">
          oauth_callback
          <input
            className="mono"
            value={draft.callback ?? ''}
            placeholder={leg === 'accessToken' ? '(not sent)' : 'oob'}
            onChange={(e) => onEdit({ callback: e.target.value || null })}
          />
        </label>
      )}
      {leg === 'accessToken' && (
        <SecretField
          label="oauth_verifier"
          name="oauth_verifier"
          value={draft.verifier ?? ''}
          onChange={(verifier) => onEdit({ verifier: verifier || null })}
        />
      )}
      <label>
        oauth_nonce
        <input className="mono" value={draft.nonce} onChange={(e) => onEdit({ nonce: e.target.value })} />
      </label>
      <label>
        oauth_timestamp
        <input className="mono ts" value={draft.timestamp} onChange={(e) => onEdit({ timestamp: e.target.value })} />
      </label>
      <button type="button" onClick={onRenew}>
        New nonce and timestamp
      </button>
    </div>
  );
}

/** The leg's request before sending, every field editable, prefilled from the profile and the flow. */
export function RequestForm({
  leg,
  draft,
  onEdit,
  onRenew,
}: {
  leg: SignedLeg;
  draft: OAuth1Draft;
  onEdit: (patch: Partial<OAuth1Draft>) => void;
  onRenew: () => void;
}) {
  return (
    <form className="request-form" aria-label="Request" onSubmit={(e) => e.preventDefault()}>
      <MethodAndUrl draft={draft} onEdit={onEdit} />
      <ConsumerCredentials draft={draft} onEdit={onEdit} />
      <SignatureOptions draft={draft} onEdit={onEdit} />
      <ProtocolParameters leg={leg} draft={draft} onEdit={onEdit} onRenew={onRenew} />
      <ExtraParameters draft={draft} onEdit={onEdit} />
    </form>
  );
}
