import { Field } from './DebugField';
import { SecretInput } from '../../components/SecretInput';
import { RequestInput, type RequestInputProps } from './RequestInput';

export interface InputsProps extends RequestInputProps {
  /** The request is signed with RSA-SHA*: it is checked with the consumer's public key, not the secrets. */
  rsa: boolean;
  reveal: boolean;
  onReveal: () => void;
}

const PLACEHOLDER_PEM = '-----BEGIN PUBLIC KEY-----\n…\n-----END PUBLIC KEY-----';

type GroupProps = Pick<InputsProps, 'inputs' | 'errors' | 'onEdit'>;

/** RSA-SHA*: the consumer's public key the signature is checked with. */
function PublicKey({ inputs, errors, onEdit }: GroupProps) {
  return (
    <Field
      label="RSA public key (PEM)"
      hint="The consumer's public key or X.509 certificate, as the server holds it (RFC 5849 §3.4.3). The app host checks the signature with it; nothing is saved."
      error={errors.rsaPublicKey}
    >
      <textarea
        className="mono"
        rows={6}
        wrap="off"
        value={inputs.rsaPublicKey}
        placeholder={PLACEHOLDER_PEM}
        spellCheck={false}
        onChange={(e) => onEdit({ rsaPublicKey: e.target.value })}
      />
    </Field>
  );
}

/** HMAC-SHA* and PLAINTEXT: the secrets to sign again with, masked until revealed. */
function Secrets({ inputs, reveal, onReveal, onEdit }: Pick<InputsProps, 'inputs' | 'reveal' | 'onReveal' | 'onEdit'>) {
  return (
    <>
      <div className="dbg-grid">
        <Field label="Consumer secret">
          <SecretInput
            label="consumer secret"
            shown={reveal}
            value={inputs.consumerSecret}
            onChange={(consumerSecret) => onEdit({ consumerSecret })}
          />
        </Field>
        <Field label="Token secret">
          <SecretInput
            label="token secret"
            shown={reveal}
            value={inputs.tokenSecret}
            placeholder="(none)"
            onChange={(tokenSecret) => onEdit({ tokenSecret })}
          />
        </Field>
      </div>
      <div className="dbg-reveal-row">
        <button type="button" className="link" aria-pressed={reveal} onClick={onReveal}>
          {reveal ? 'Hide the secrets' : 'Reveal the secrets'}
        </button>
        <span className="muted small">Used here only, to sign again; never sent or saved.</span>
      </div>
    </>
  );
}

/** The base strings the server or the client printed, compared with the one signed here. */
function PrintedBaseStrings({ inputs, errors, onEdit }: GroupProps) {
  return (
    <fieldset className="dbg-group">
      <legend>Base strings printed elsewhere (optional)</legend>
      <Field
        label="Base string the server printed"
        hint="Some servers return theirs when they reject a signature; the signature is then checked against it."
        error={errors.serverBaseString}
      >
        <textarea
          className="mono"
          rows={3}
          value={inputs.serverBaseString}
          placeholder="POST&https%3A%2F%2Fapi.example.com%2F1%2Fresource&oauth_consumer_key%3D…"
          spellCheck={false}
          onChange={(e) => onEdit({ serverBaseString: e.target.value })}
        />
      </Field>
      <Field
        label="Base string your client printed"
        hint="From your library's debug log: the one way to see a parameter signed but never sent."
        error={errors.clientBaseString}
      >
        <textarea
          className="mono"
          rows={3}
          value={inputs.clientBaseString}
          spellCheck={false}
          onChange={(e) => onEdit({ clientBaseString: e.target.value })}
        />
      </Field>
    </fieldset>
  );
}

/** The request in the form the user has it, the secrets (or the RSA public key), and the base strings printed elsewhere. */
export function DebugInputsForm({
  inputs,
  errors,
  notes,
  rsa,
  reveal,
  onReveal,
  onForm,
  onEdit,
  onField,
}: InputsProps) {
  return (
    <form className="request-form dbg-form" aria-label="Request to check" onSubmit={(e) => e.preventDefault()}>
      <RequestInput inputs={inputs} errors={errors} notes={notes} onForm={onForm} onEdit={onEdit} onField={onField} />

      {/* One fieldset for either, as the key and the secrets take each other's place. */}
      <fieldset className="dbg-group">
        <legend>{rsa ? 'Public key' : 'Secrets'}</legend>
        {rsa ? (
          <PublicKey inputs={inputs} errors={errors} onEdit={onEdit} />
        ) : (
          <Secrets inputs={inputs} reveal={reveal} onReveal={onReveal} onEdit={onEdit} />
        )}
      </fieldset>

      <PrintedBaseStrings inputs={inputs} errors={errors} onEdit={onEdit} />
    </form>
  );
}
