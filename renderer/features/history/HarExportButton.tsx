import { useState } from 'react';
import { useSaveText } from '../../platform/use-save-text';
import type { HistoryState } from '../../state/history/history-state';

/** The whole history (or one profile's) as HAR 1.2, so other tools can open it. Secrets left out. */
export function HarExportButton({
  profileId,
  harRequested,
}: {
  profileId: string | undefined;
  harRequested: HistoryState['harRequested'];
}) {
  const { save } = useSaveText();
  const [message, setMessage] = useState<string | null>(null);
  const exportHar = async () => {
    const r = await harRequested(profileId);
    setMessage(r.ok ? await save(r.value.filename, r.value.text, r.value.mediaType) : r.error.message);
  };
  return (
    <>
      <button type="button" onClick={() => void exportHar()}>
        Export HAR
      </button>
      {message && (
        <span role="status" className="muted small">
          {message}
        </span>
      )}
    </>
  );
}
