import { useApp, useDeps } from '../app/stores';

/**
 * Saves text as a file the way the host can: a save dialog in Electron (through the bridge), a download in the
 * browser (built by the page, nothing goes through the host). Resolves with a line for the user, or null.
 */
export function useSaveText(): {
  host: 'electron' | 'web';
  save(filename: string, text: string, mediaType: string): Promise<string | null>;
} {
  const { bridge } = useDeps();
  const host = useApp((s) => s.info?.host ?? 'web');
  const save = async (filename: string, text: string, mediaType: string): Promise<string | null> => {
    if (host === 'electron') {
      const r = await bridge.exportFile({ suggestedName: filename, content: text });
      return r.ok ? (r.value.saved ? `Saved to ${r.value.path}.` : null) : r.error.message;
    }
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text], { type: mediaType }));
    a.download = filename;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    return `Downloaded ${filename}.`;
  };
  return { host, save };
}
