import { useState } from 'react';
import { useSaveText } from '../../platform/use-save-text';
import { useGrade } from '../../state/grade/grade-store';

/** The grade as `oauth-lab grade --report` (HTML, secrets fingerprinted) and `--junit` write it, saved as the app saves. */
export function GradeExports() {
  const exportRequested = useGrade((s) => s.exportRequested);
  const any = useGrade((s) => s.status.scenarios.length > 0);
  const { save } = useSaveText();
  const [message, setMessage] = useState<string | null>(null);
  const run = async (format: 'html' | 'junit') => {
    const r = await exportRequested(format);
    setMessage(r.ok ? await save(r.value.filename, r.value.text, r.value.mediaType) : r.error.message);
  };
  return (
    <div className="head-actions">
      <button type="button" disabled={!any} onClick={() => void run('html')}>
        Export report (HTML)
      </button>
      <button type="button" disabled={!any} onClick={() => void run('junit')}>
        Export JUnit XML
      </button>
      {message && (
        <span role="status" className="muted small">
          {message}
        </span>
      )}
    </div>
  );
}
