import { useState } from 'react';
import { useDeps } from '../../app/stores';
import { useSaveText } from '../../platform/use-save-text';

/** The whole history (or one profile's) as HAR 1.2, so other tools can open it. Secrets left out. */
export function HarExportButton({ profileId }: { profileId: string | undefined }) {
  const { bridge } = useDeps();
  const { save } = useSaveText();
  const [message, setMessage] = useState<string | null>(null);
  const exportHar = async () => {
    const r = await bridge.historyHar({ ...(profileId ? { profileId } : {}), includeSecrets: false });
    setMessage(r.ok ? await save(r.value.filename, r.value.text, r.value.mediaType) : r.error.message);
  };
  return (
    <>
      <button type="button" onClick={() => void exportHar()}>Export HAR</button>
      {message && <span role="status" className="muted small">{message}</span>}
    </>
  );
}
