import { cloneElement, useId, type ReactElement } from 'react';

/**
 * A labelled control with its hint and its error below it; the error is tied to the control (aria-describedby) and
 * marks it aria-invalid, so the message is read with the field it is about.
 */
export function Field({
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
