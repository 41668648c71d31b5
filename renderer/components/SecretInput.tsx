import { useId, useState, type ReactNode } from 'react';
import { CopyButton } from './CopyButton';

/** What the control is given besides its value: its id and the a11y attributes of a field's error. */
interface ControlProps {
  readonly id?: string;
  readonly 'aria-invalid'?: boolean;
  readonly 'aria-describedby'?: string;
  /** For a control without a label of its own (a row's value). */
  readonly 'aria-label'?: string;
}

export interface SecretInputProps extends ControlProps {
  readonly value: string;
  /** The text as typed or pasted: the field never rewrites it (dots are drawn by the control, not put in the value). */
  readonly onChange: (value: string) => void;
  /** What the secret is, for the Reveal and Copy buttons' names ("Reveal client secret"). */
  readonly label: string;
  /** A text area (a JWT, a PEM key), its characters drawn as discs until revealed. */
  readonly multiline?: boolean;
  readonly rows?: number;
  readonly placeholder?: string;
  readonly readOnly?: boolean;
  /** Shown in clear: set by a page that reveals all its secrets at once (it then draws its own switch). */
  readonly shown?: boolean;
}

/**
 * A secret typed or pasted in: masked until the user reveals it (a password input, or a text area drawn as discs),
 * editable either way, with Reveal and Copy. The one masked field of the app: every field whose name is a secret by
 * shared/secrets.ts is one of these.
 */
export function SecretInput({
  value,
  onChange,
  label,
  multiline,
  rows,
  placeholder,
  readOnly,
  shown,
  ...control
}: SecretInputProps) {
  const [revealed, setRevealed] = useState(false);
  const clear = shown ?? revealed;
  const common = {
    ...control,
    value,
    placeholder,
    readOnly,
    spellCheck: false,
    autoComplete: 'off',
  } as const;
  return (
    <div className={multiline ? 'secret-input multiline' : 'secret-input'}>
      {multiline ? (
        <textarea
          {...common}
          className={`mono${clear ? '' : ' masked'}`}
          rows={rows ?? 3}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          {...common}
          className="mono"
          type={clear ? 'text' : 'password'}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {shown === undefined && !(readOnly && value === '') && (
        <button
          type="button"
          className="link"
          aria-pressed={revealed}
          aria-label={`${revealed ? 'Hide' : 'Reveal'} ${label}`}
          onClick={() => setRevealed(!revealed)}
        >
          {revealed ? 'Hide' : 'Reveal'}
        </button>
      )}
      {value !== '' && <CopyButton text={value} label={label} />}
    </div>
  );
}

/** A labelled SecretInput, for a form that lays its fields out as label-over-control. */
export function SecretField({
  label,
  name,
  className,
  ...input
}: Omit<SecretInputProps, 'id' | 'label'> & {
  /** The field's label as shown. */
  readonly label: ReactNode;
  /** What the secret is, for the buttons' names. */
  readonly name: string;
  readonly className?: string;
}) {
  const id = useId();
  return (
    <div className={`secret-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <SecretInput {...input} id={id} label={name} />
    </div>
  );
}
