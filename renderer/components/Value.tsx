import type { ReactNode } from 'react';
import { CopyButton } from './CopyButton';

/** A labelled wire value in monospace with its copy button. */
export function Value({ label, text, children }: { label: string; text: string; children?: ReactNode }) {
  return (
    <div className="value">
      <div className="value-head">
        <span className="value-label">{label}</span>
        <CopyButton text={text} label={label} />
      </div>
      <pre className="mono wire">{children ?? text}</pre>
    </div>
  );
}
