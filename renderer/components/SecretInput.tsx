import { useId, useLayoutEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { CopyButton } from './CopyButton';
import { editThroughMask, maskSpans } from './masked-edit';
import type { Span } from './secret-spans';

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
  /**
   * A pasted text holding secrets among other things (a request, a URL, a body): only these parts are masked, one
   * mask character for each of theirs, so the rest stays readable and editable (secret-spans.ts).
   */
  readonly spans?: (text: string) => readonly Span[];
  /** The control's own class, besides `mono`. */
  readonly className?: string;
}

/**
 * The text a control shows for a value masked in parts, and the value after an edit of it: the caret is put back
 * where the edit left it, as the control's text is replaced by the masked one.
 */
function usePartMask(
  value: string,
  onChange: (value: string) => void,
  spans: SecretInputProps['spans'],
  clear: boolean
) {
  const control = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const caret = useRef<number | null>(null);
  const shown = spans && !clear ? maskSpans(value, spans(value)) : value;
  useLayoutEffect(() => {
    const at = caret.current;
    caret.current = null;
    if (at !== null && control.current === document.activeElement) control.current?.setSelectionRange(at, at);
  });
  const changed = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const typed = e.target.value;
    if (!spans || clear) return onChange(typed);
    caret.current = e.target.selectionEnd ?? typed.length;
    onChange(editThroughMask(value, shown, typed, caret.current));
  };
  return { control, shown, changed };
}

/**
 * A secret typed or pasted in: masked until the user reveals it (a password input, or a text area drawn as discs;
 * with `spans`, a text whose secret parts alone are masked, as pasted requests and URLs are), editable either way,
 * with Reveal and Copy (which copies the value, never the mask). The one masked field of the app: every field whose name is a secret by
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
  spans,
  className,
  ...control
}: SecretInputProps) {
  const [revealed, setRevealed] = useState(false);
  const clear = shown ?? revealed;
  const masked = usePartMask(value, onChange, spans, clear);
  const common = {
    ...control,
    ref: masked.control,
    value: masked.shown,
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
          className={`mono${clear || spans ? '' : ' masked'}${className ? ` ${className}` : ''}`}
          rows={rows ?? 3}
          onChange={masked.changed}
        />
      ) : (
        <input
          {...common}
          className={`mono${className ? ` ${className}` : ''}`}
          type={clear || spans ? 'text' : 'password'}
          onChange={masked.changed}
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
