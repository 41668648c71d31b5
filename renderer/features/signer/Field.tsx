import { cloneElement, useId, type ReactElement } from 'react';

/**
 * A labelled control with its error message below it. The label points at the control (so its accessible name is
 * the label alone, not the label plus a select's current option); the message is tied to it with
 * aria-describedby and marks it aria-invalid.
 */
export function Field({
  label,
  error,
  className,
  children,
}: {
  label: string;
  error?: string | undefined;
  className?: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  const id = useId();
  const control = cloneElement(children, {
    id,
    ...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {}),
  });
  return (
    <div className={`signer-field ${className ?? ''}`}>
      <label className="signer-label" htmlFor={id}>
        {label}
      </label>
      {control}
      {error && (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}
