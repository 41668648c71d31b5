import { useState } from 'react';
import { CopyButton } from './CopyButton';

/** A secret shown as dots until the user reveals it. */
export function Secret({ value, label }: { value: string; label: string }) {
  const [shown, setShown] = useState(false);
  if (value === '') return <span className="muted">(empty)</span>;
  return (
    <span className="secret">
      <code className="mono">{shown ? value : '•'.repeat(Math.min(value.length, 16))}</code>
      <button
        type="button"
        className="link"
        aria-pressed={shown}
        aria-label={`${shown ? 'Hide' : 'Reveal'} ${label}`}
        onClick={() => setShown(!shown)}
      >
        {shown ? 'Hide' : 'Reveal'}
      </button>
      <CopyButton text={value} label={label} />
    </span>
  );
}

/** Text with the given secrets masked, for values that embed them (the signing key). */
export function masked(text: string, secrets: readonly string[]): string {
  return secrets
    .filter((s) => s.length > 0)
    .reduce((t, s) => t.split(s).join('•'.repeat(Math.min(s.length, 16))), text);
}
