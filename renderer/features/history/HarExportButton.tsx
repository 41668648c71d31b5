import { useState } from 'react';
import { useApp, useDeps } from '../../app/stores';

/** The whole history (or one profile's) as HAR 1.2, so other tools can open it (issue 7). Secrets left out. */
export function HarExportButton({ profileId }: { profileId: string | undefined }) {
  const { bridge } = useDeps();
  const host = useApp((s) => s.info?.host ?? 'web');
  const [message, setMessage] = useState<string | null>(null);
  const exportHar = async () => {
    const r = await bridge.historyHar({ ...(profileId ? { profileId } : {}), includeSecrets: false });
    if (!r.ok) return setMessage(r.error.message);
    if (host === 'electron') {
      const saved = await bridge.exportFile({ suggestedName: r.value.filename, content: r.value.text });
      return setMessage(saved.ok ? (saved.value.saved ? `Saved to ${saved.value.path}.` : null) : saved.error.message);
    }
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([r.value.text], { type: r.value.mediaType }));
    a.download = r.value.filename;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    setMessage(`Downloaded ${r.value.filename} (secrets left out).`);
  };
  return (
    <>
      <button type="button" onClick={() => void exportHar()}>Export HAR</button>
      {message && <span role="status" className="muted small">{message}</span>}
    </>
  );
}
