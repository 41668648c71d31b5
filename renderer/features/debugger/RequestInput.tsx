import { useId, useRef, type KeyboardEvent } from 'react';
import { FORM_CONTENT_TYPE } from '../../../shared/url-encoded';
import { SecretInput } from '../../components/SecretInput';
import { headerValueSpans, secretSpans } from '../../components/secret-spans';
import { Field } from './DebugField';
import type { DebugInputs, FieldsInput, InputErrors, RequestForm } from './run-diagnosis';

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

/** The pasted text's secrets masked until revealed (shared/secrets.ts): a bearer credential, a cookie, a token. */
const authorizationSpans = headerValueSpans('authorization');

type PastedProps = Pick<RequestInputProps, 'inputs' | 'errors' | 'onEdit'>;

/** A raw HTTP request pasted, and the scheme it went over (HTTP text does not say). */
function HttpForm({ inputs, errors, onEdit }: PastedProps) {
  return (
    <>
      <Field
        label="Paste the raw HTTP request"
        hint="The request line, the headers (Host included), an empty line, the body."
        error={errors.raw}
      >
        <SecretInput
          label="raw HTTP request"
          multiline
          spans={secretSpans}
          className="dbg-paste"
          rows={9}
          value={inputs.raw}
          placeholder={PLACEHOLDER_HTTP}
          onChange={(raw) => onEdit({ raw })}
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
  );
}

/** A curl command pasted. */
function CurlForm({ inputs, errors, onEdit }: PastedProps) {
  return (
    <Field
      label="Paste the curl command"
      hint="E.g. your browser's “Copy as cURL (bash)”; -X, -H, -d/--data-*, --json, -G, -u and the URL are read."
      error={errors.curl}
    >
      <SecretInput
        label="curl command"
        multiline
        spans={secretSpans}
        className="dbg-paste"
        rows={9}
        value={inputs.curl}
        placeholder={PLACEHOLDER_CURL}
        onChange={(curl) => onEdit({ curl })}
      />
    </Field>
  );
}

/** Content types to choose from; any other may be typed. */
function ContentTypeOptions({ id }: { id: string }) {
  return (
    <datalist id={id}>
      <option value={FORM_CONTENT_TYPE} />
      <option value="application/json" />
      <option value="text/plain" />
      <option value="multipart/form-data" />
    </datalist>
  );
}

/** The request's fields one by one: method, URL, Authorization header, body and its content type. */
function FieldsForm({
  fields,
  errors,
  onField,
  panelId,
}: {
  fields: FieldsInput;
  errors: InputErrors;
  onField: RequestInputProps['onField'];
  panelId: string;
}) {
  return (
    <div className="dbg-fields">
      <div className="dbg-line">
        <div className="dbg-method">
          <Field label="Method" error={errors.method}>
            <input
              className="mono"
              value={fields.method}
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
              value={fields.url}
              placeholder="https://api.example.com/1/resource?query=…"
              spellCheck={false}
              onChange={(e) => onField({ url: e.target.value })}
            />
          </Field>
        </div>
      </div>
      <Field label="Authorization header" error={errors.authorization}>
        <SecretInput
          label="Authorization header"
          multiline
          spans={authorizationSpans}
          rows={3}
          value={fields.authorization}
          placeholder={'OAuth oauth_consumer_key="…", oauth_signature="…", …'}
          onChange={(authorization) => onField({ authorization })}
        />
      </Field>
      <Field label="Body" hint="As sent, still encoded; leave empty when there is none." error={errors.body}>
        <SecretInput
          label="body"
          multiline
          spans={secretSpans}
          rows={2}
          value={fields.body}
          placeholder="status=Hello%20world"
          onChange={(body) => onField({ body })}
        />
      </Field>
      <Field
        label="Content type"
        hint={`With a body, ${FORM_CONTENT_TYPE} when left empty. Only a form body is signed (RFC 5849 §3.4.1.3.1).`}
        error={errors.contentType}
      >
        <input
          className="mono"
          value={fields.contentType}
          placeholder={FORM_CONTENT_TYPE}
          list={`${panelId}-types`}
          spellCheck={false}
          onChange={(e) => onField({ contentType: e.target.value })}
        />
      </Field>
      <ContentTypeOptions id={`${panelId}-types`} />
    </div>
  );
}

export interface RequestInputProps {
  inputs: DebugInputs;
  errors: InputErrors;
  notes: readonly string[];
  onForm: (form: RequestForm) => void;
  onEdit: (patch: Partial<Omit<DebugInputs, 'fields' | 'form'>>) => void;
  onField: (patch: Partial<FieldsInput>) => void;
}

/** The request in the form the user has it: a raw HTTP request, a curl command or its fields one by one. */
export function RequestInput({ inputs, errors, notes, onForm, onEdit, onField }: RequestInputProps) {
  const panelId = useId();
  return (
    <fieldset className="dbg-group">
      <legend>Request</legend>
      <FormTabs form={inputs.form} onForm={onForm} panelId={panelId} />
      <div className="dbg-panel" role="tabpanel" id={panelId} aria-labelledby={`${panelId}-${inputs.form}`}>
        {inputs.form === 'http' && <HttpForm inputs={inputs} errors={errors} onEdit={onEdit} />}
        {inputs.form === 'curl' && <CurlForm inputs={inputs} errors={errors} onEdit={onEdit} />}
        {inputs.form === 'fields' && (
          <FieldsForm fields={inputs.fields} errors={errors} onField={onField} panelId={panelId} />
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
  );
}
