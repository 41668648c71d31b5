import { cloneElement, useId, useRef, type KeyboardEvent, type ReactElement } from 'react';
import { FORM_CONTENT_TYPE } from '../../../shared/oauth1';
import type { DebugInputs, FieldsInput, InputErrors, RequestForm } from './run-diagnosis';

/**
 * A labelled control with its hint and its error below it; the error is tied to the control (aria-describedby) and
 * marks it aria-invalid, so the message is read with the field it is about.
 */
function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string | undefined;
  children: ReactElement<Record<string, unknown>>;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const control = cloneElement(children, {
    id,
    ...(described ? { 'aria-describedby': described } : {}),
    ...(error ? { 'aria-invalid': true } : {}),
  });
  return (
    <div className="dbg-field">
      <label className="dbg-label" htmlFor={id}>
        {label}
      </label>
      {control}
      {error && (
        <span className="field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
      {hint && (
        <span className="muted small" id={`${id}-hint`}>
          {hint}
        </span>
      )}
    </div>
  );
}

const FORMS: readonly { id: RequestForm; label: string }[] = [
  { id: 'http', label: 'Raw HTTP request' },
  { id: 'curl', label: 'curl command' },
  { id: 'fields', label: 'Fields' },
];

const PLACEHOLDER_HTTP = `POST /1.1/statuses/update.json?include_entities=true HTTP/1.1
Host: api.x.com
Authorization: OAuth oauth_consumer_key="…", oauth_nonce="…", oauth_signature="…", …
Content-Type: application/x-www-form-urlencoded

status=Hello`;
const PLACEHOLDER_CURL = `curl -X POST 'https://api.x.com/1.1/statuses/update.json' \\
  -H 'Authorization: OAuth oauth_consumer_key="…", oauth_signature="…", …' \\
  --data-raw 'status=Hello'`;

/** The three forms as tabs (arrow keys move between them, as in any tab list). */
function FormTabs({ form, onForm, panelId }: { form: RequestForm; onForm: (f: RequestForm) => void; panelId: string }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (e: KeyboardEvent) => {
    const at = FORMS.findIndex((f) => f.id === form);
    const to =
      e.key === 'ArrowRight'
        ? (at + 1) % FORMS.length
        : e.key === 'ArrowLeft'
          ? (at + FORMS.length - 1) % FORMS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? FORMS.length - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    onForm(FORMS[to]!.id);
    refs.current[to]?.focus();
  };
  return (
    <div className="dbg-tabs" role="tablist" aria-label="Request form" onKeyDown={onKey}>
      {FORMS.map((f, i) => (
        <button
          key={f.id}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`${panelId}-${f.id}`}
          aria-selected={form === f.id}
          aria-controls={panelId}
          tabIndex={form === f.id ? 0 : -1}
          className={form === f.id ? 'dbg-tab current' : 'dbg-tab'}
          onClick={() => onForm(f.id)}
        >
          {f.label}
        </button>
      ))}
    </div>
  );
}

export interface InputsProps {
  inputs: DebugInputs;
  errors: InputErrors;
  notes: readonly string[];
  /** The request is signed with RSA-SHA*: it is checked with the consumer's public key, not the secrets. */
  rsa: boolean;
  reveal: boolean;
  onReveal: () => void;
  onForm: (form: RequestForm) => void;
  onEdit: (patch: Partial<Omit<DebugInputs, 'fields' | 'form'>>) => void;
  onField: (patch: Partial<FieldsInput>) => void;
}

const PLACEHOLDER_PEM = '-----BEGIN PUBLIC KEY-----\n…\n-----END PUBLIC KEY-----';

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
  const panelId = useId();
  const f = inputs.fields;
  return (
    <form className="request-form dbg-form" aria-label="Request to check" onSubmit={(e) => e.preventDefault()}>
      <fieldset className="dbg-group">
        <legend>Request</legend>
        <FormTabs form={inputs.form} onForm={onForm} panelId={panelId} />
        <div className="dbg-panel" role="tabpanel" id={panelId} aria-labelledby={`${panelId}-${inputs.form}`}>
          {inputs.form === 'http' && (
            <>
              <Field
                label="Paste the raw HTTP request"
                hint="The request line, the headers (Host included), an empty line, the body."
                error={errors.raw}
              >
                <textarea
                  className="mono dbg-paste"
                  rows={9}
                  value={inputs.raw}
                  spellCheck={false}
                  placeholder={PLACEHOLDER_HTTP}
                  onChange={(e) => onEdit({ raw: e.target.value })}
                />
              </Field>
              <Field
                label="Sent over"
                hint="HTTP text does not say whether it went over TLS, yet the scheme is signed (RFC 5849 §3.4.1.2). Unless chosen, it is assumed from the Host: http for a loopback host (127.0.0.1, localhost, [::1]), https for any other."
              >
                <select
                  className="dbg-scheme"
                  value={inputs.scheme}
                  onChange={(e) => onEdit({ scheme: e.target.value as DebugInputs['scheme'] })}
                >
                  <option value="assume">assumed from the Host</option>
                  <option value="https">https</option>
                  <option value="http">http</option>
                </select>
              </Field>
            </>
          )}
          {inputs.form === 'curl' && (
            <Field
              label="Paste the curl command"
              hint="E.g. your browser's “Copy as cURL (bash)”; -X, -H, -d/--data-*, --json, -G, -u and the URL are read."
              error={errors.curl}
            >
              <textarea
                className="mono dbg-paste"
                rows={9}
                value={inputs.curl}
                spellCheck={false}
                placeholder={PLACEHOLDER_CURL}
                onChange={(e) => onEdit({ curl: e.target.value })}
              />
            </Field>
          )}
          {inputs.form === 'fields' && (
            <div className="dbg-fields">
              <div className="dbg-line">
                <div className="dbg-method">
                  <Field label="Method" error={errors.method}>
                    <input
                      className="mono"
                      value={f.method}
                      placeholder="GET"
                      title="Default GET, or POST when there is a body"
                      spellCheck={false}
                      onChange={(e) => onField({ method: e.target.value })}
                    />
                  </Field>
                </div>
                <div className="grow">
                  <Field label="URL" error={errors.url}>
                    <input
                      className="mono"
                      value={f.url}
                      placeholder="https://api.example.com/1/resource?query=…"
                      spellCheck={false}
                      onChange={(e) => onField({ url: e.target.value })}
                    />
                  </Field>
                </div>
              </div>
              <Field label="Authorization header" error={errors.authorization}>
                <textarea
                  className="mono"
                  rows={3}
                  value={f.authorization}
                  placeholder={'OAuth oauth_consumer_key="…", oauth_signature="…", …'}
                  spellCheck={false}
                  onChange={(e) => onField({ authorization: e.target.value })}
                />
              </Field>
              <Field label="Body" hint="As sent, still encoded; leave empty when there is none." error={errors.body}>
                <textarea
                  className="mono"
                  rows={2}
                  value={f.body}
                  placeholder="status=Hello%20world"
                  spellCheck={false}
                  onChange={(e) => onField({ body: e.target.value })}
                />
              </Field>
              <Field
                label="Content type"
                hint={`With a body, ${FORM_CONTENT_TYPE} when left empty. Only a form body is signed (RFC 5849 §3.4.1.3.1).`}
                error={errors.contentType}
              >
                <input
                  className="mono"
                  value={f.contentType}
                  placeholder={FORM_CONTENT_TYPE}
                  list={`${panelId}-types`}
                  spellCheck={false}
                  onChange={(e) => onField({ contentType: e.target.value })}
                />
              </Field>
              <datalist id={`${panelId}-types`}>
                <option value={FORM_CONTENT_TYPE} />
                <option value="application/json" />
                <option value="text/plain" />
                <option value="multipart/form-data" />
              </datalist>
            </div>
          )}
          {notes.length > 0 && (
            <ul className="dbg-notes" aria-label="Notes on the request">
              {notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          )}
        </div>
      </fieldset>

      {rsa ? (
        <fieldset className="dbg-group">
          <legend>Public key</legend>
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
        </fieldset>
      ) : (
        <fieldset className="dbg-group">
          <legend>Secrets</legend>
          <div className="dbg-grid">
            <Field label="Consumer secret">
              <input
                className="mono"
                type={reveal ? 'text' : 'password'}
                value={inputs.consumerSecret}
                autoComplete="off"
                spellCheck={false}
                onChange={(e) => onEdit({ consumerSecret: e.target.value })}
              />
            </Field>
            <Field label="Token secret">
              <input
                className="mono"
                type={reveal ? 'text' : 'password'}
                value={inputs.tokenSecret}
                placeholder="(none)"
                autoComplete="off"
                spellCheck={false}
                onChange={(e) => onEdit({ tokenSecret: e.target.value })}
              />
            </Field>
          </div>
          <div className="dbg-reveal-row">
            <button type="button" className="link" aria-pressed={reveal} onClick={onReveal}>
              {reveal ? 'Hide the secrets' : 'Reveal the secrets'}
            </button>
            <span className="muted small">Used here only, to sign again; never sent or saved.</span>
          </div>
        </fieldset>
      )}

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
    </form>
  );
}
