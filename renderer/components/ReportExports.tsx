import { useState } from 'react';
import type { BridgeResult } from '../../shared/bridge/result';
import { useSaveText } from '../platform/use-save-text';

/** A file a run's export makes (the grade's, the audit's): what the host wrote, saved as the app saves. */
interface ReportFile {
  readonly filename: string;
  readonly text: string;
  readonly mediaType: string;
}

/** One button per format of a run's report; the save's outcome, or the refusal, said beside them. */
export function ReportExports<F extends string>({
  formats,
  exportRequested,
  disabled = false,
  className,
}: {
  formats: readonly (readonly [format: F, label: string])[];
  exportRequested: (format: F) => Promise<BridgeResult<ReportFile>>;
  disabled?: boolean;
  className: string;
}) {
  const { save } = useSaveText();
  const [message, setMessage] = useState<string | null>(null);
  const run = async (format: F) => {
    const r = await exportRequested(format);
    setMessage(r.ok ? await save(r.value.filename, r.value.text, r.value.mediaType) : r.error.message);
  };
  return (
    <div className={className}>
      {formats.map(([format, label]) => (
        <button key={format} type="button" disabled={disabled} onClick={() => void run(format)}>
          {label}
        </button>
      ))}
      {message && (
        <span role="status" className="muted small">
          {message}
        </span>
      )}
    </div>
  );
}
