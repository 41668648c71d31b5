import { useState } from 'react';

/** Copies a value; every value on screen has one. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [done, setDone] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setDone(true);
      setTimeout(() => setDone(false), 1200);
    } catch {
      setDone(false);
    }
  };
  return (
    <button type="button" className="copy" aria-label={`Copy ${label}`} title={`Copy ${label}`} onClick={copy}>
      {done ? 'Copied' : 'Copy'}
    </button>
  );
}
