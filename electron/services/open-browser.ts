import { spawn } from 'node:child_process';

/**
 * Opens an http(s) URL in the system browser (RFC 8252 §8.12: never an embedded view for a real provider).
 * Resolves false when no opener could be started, so the caller can ask the user to open the URL.
 */
export function openInSystemBrowser(url: string, platform: NodeJS.Platform = process.platform): Promise<boolean> {
  if (!/^https?:\/\//i.test(url)) return Promise.resolve(false);
  const [command, args] = platform === 'darwin' ? ['open', [url]] : platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  return new Promise((resolve) => {
    const child = spawn(command, args as string[], { stdio: 'ignore', detached: true });
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
}
