import { createContext, useContext, useState, type ReactNode } from 'react';
import { SecretInput } from '../../components/SecretInput';
import { FIELD_LABELS, fieldValue, type FieldErrors, type FieldPath } from './profile-draft';
import { useProfiles } from './profiles-context';

/** The messages the form shows, by field (as typed, after a save attempt, and the bridge's). */
export const FieldErrorsContext = createContext<FieldErrors>({});

const idOf = (path: FieldPath) => `profile-${path.replace('.', '-')}`;

/** "OAuth 1.0a Authorize path" is shown as "Authorize path" inside the OAuth 1.0a group, and read out whole. */
function Label({ path, htmlFor }: { path: FieldPath; htmlFor: string }) {
  const full = FIELD_LABELS[path];
  const m = /^(OAuth 1\.0a |OAuth 2 )(.*)$/.exec(full);
  return (
    <label htmlFor={htmlFor}>
      {m ? (
        <>
          <span className="sr-only">{m[1]}</span>
          {m[2]}
        </>
      ) : (
        full
      )}
    </label>
  );
}

function useField(path: FieldPath) {
  const value = useProfiles((s) => (s.editing ? fieldValue(s.editing.draft, path) : ''));
  const edit = useProfiles((s) => s.fieldEdited);
  const error = useContext(FieldErrorsContext)[path];
  const id = idOf(path);
  const a11y = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
  return { value, edit: (v: string | boolean) => edit(path, v), error, id, a11y };
}

function FieldShell({
  path,
  id,
  error,
  className,
  hint,
  children,
}: {
  path: FieldPath;
  id: string;
  error: string | undefined;
  className?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`field${className ? ` ${className}` : ''}${error ? ' invalid' : ''}`}>
      <Label path={path} htmlFor={id} />
      {children}
      {hint && !error && <p className="field-hint">{hint}</p>}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({
  path,
  readOnly,
  placeholder,
  className,
  mono = true,
  numeric,
  hint,
}: {
  path: FieldPath;
  readOnly?: boolean;
  placeholder?: string;
  className?: string;
  mono?: boolean;
  numeric?: boolean;
  hint?: ReactNode;
}) {
  const f = useField(path);
  return (
    <FieldShell path={path} id={f.id} error={f.error} className={className} hint={hint}>
      <input
        {...f.a11y}
        className={mono ? 'mono' : undefined}
        value={String(f.value)}
        readOnly={readOnly}
        placeholder={placeholder}
        spellCheck={false}
        autoComplete="off"
        inputMode={numeric ? 'numeric' : undefined}
        onChange={(e) => f.edit(e.target.value)}
      />
    </FieldShell>
  );
}

/** A secret: masked until revealed, with its copy button. */
export function SecretField({
  path,
  readOnly,
  multiline,
  className,
}: {
  path: FieldPath;
  readOnly?: boolean;
  multiline?: boolean;
  className?: string;
}) {
  const f = useField(path);
  const value = String(f.value);
  const label = FIELD_LABELS[path].toLowerCase().replace('rsa', 'RSA');
  return (
    <FieldShell path={path} id={f.id} error={f.error} className={className}>
      <SecretInput
        {...f.a11y}
        label={label}
        value={value}
        readOnly={readOnly}
        multiline={multiline}
        rows={readOnly || value !== '' ? 2 : 4}
        placeholder={
          multiline
            ? readOnly
              ? '(none)'
              : '-----BEGIN PRIVATE KEY----- (PKCS#8 PEM, for the RSA methods)'
            : undefined
        }
        onChange={(v) => f.edit(v)}
      />
    </FieldShell>
  );
}

export function SelectField({
  path,
  options,
  disabled,
}: {
  path: FieldPath;
  options: readonly (readonly [string, string])[];
  disabled?: boolean;
}) {
  const f = useField(path);
  return (
    <FieldShell path={path} id={f.id} error={f.error}>
      <select {...f.a11y} value={String(f.value)} disabled={disabled} onChange={(e) => f.edit(e.target.value)}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function CheckField({ path, hint, className }: { path: FieldPath; hint?: ReactNode; className?: string }) {
  const f = useField(path);
  return (
    <div className={`field check${className ? ` ${className}` : ''}`}>
      <label>
        <input type="checkbox" {...f.a11y} checked={f.value === true} onChange={(e) => f.edit(e.target.checked)} />
        {FIELD_LABELS[path]}
      </label>
      {hint && <p className="field-hint">{hint}</p>}
    </div>
  );
}

/** A list typed one item per line (extra headers, token parameters). */
export function LinesField({
  path,
  placeholder,
  className,
  hint,
  maxRows = Infinity,
}: {
  path: FieldPath;
  placeholder?: string;
  className?: string;
  hint?: ReactNode;
  /** A PEM's thirty lines need not all be in view. */
  maxRows?: number;
}) {
  const f = useField(path);
  const value = String(f.value);
  return (
    <FieldShell path={path} id={f.id} error={f.error} className={className} hint={hint}>
      <textarea
        {...f.a11y}
        className="mono"
        rows={Math.min(maxRows, Math.max(2, value.split('\n').length))}
        value={value}
        placeholder={placeholder}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => f.edit(e.target.value)}
      />
    </FieldShell>
  );
}

/** What a file button takes: a PEM private key, that or a JWK (private_key_jwt's key), or PEM certificates. */
const PEM_FILES = {
  key: {
    accept: '',
    test: (t: string) => /-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(t),
    what: 'no PEM private key (-----BEGIN PRIVATE KEY-----)',
  },
  'key-or-jwk': {
    accept: ',.json,.jwk,application/json',
    test: (t: string) => /-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(t) || /^\s*\{[\s\S]*"kty"/.test(t),
    what: 'no PEM private key (-----BEGIN PRIVATE KEY-----) nor a JWK',
  },
  certificate: {
    accept: ',.crt,.cer',
    test: (t: string) => /-----BEGIN CERTIFICATE-----/.test(t),
    what: 'no PEM certificate (-----BEGIN CERTIFICATE-----)',
  },
} as const;

/** Reads a PEM (or JWK) file into a key or certificate field, so it need not be pasted. */
export function PemFileButton({ path, holds = 'key' }: { path: FieldPath; holds?: keyof typeof PEM_FILES }) {
  const edit = useProfiles((s) => s.fieldEdited);
  const [error, setError] = useState<string | null>(null);
  const kind = PEM_FILES[holds];
  return (
    <div className="field pem-file">
      <label className="button-like">
        Load {FIELD_LABELS[path]} from a file…
        <input
          type="file"
          className="sr-only"
          accept={`.pem,.key,.txt,application/x-pem-file${kind.accept}`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            void file.text().then((text) => {
              if (!kind.test(text)) return setError(`${file.name} holds ${kind.what}.`);
              setError(null);
              edit(path, text);
            });
          }}
        />
      </label>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
