import { useApp } from '../app/stores';

/**
 * Saves text as a file the way the host can: a save dialog in Electron (the app store asks the host), a download
 * in the browser (built by the page, nothing goes through the host). Resolves with a line for the user, or null.
 */
export function useSaveText(): {
  host: 'electron' | 'web';
  save(filename: string, text: string, mediaType: string): Promise<string | null>;
} {
  const host = useApp((s) => s.info?.host ?? 'web');
  const fileSaveRequested = useApp((s) => s.fileSaveRequested);
  const save = async (filename: string, text: string, mediaType: string): Promise<string | null> => {
    if (host === 'electron') return fileSaveRequested(filename, text);
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text], { type: mediaType }));
    a.download = filename;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    return `Downloaded ${filename}.`;
  };
  return { host, save };
}
