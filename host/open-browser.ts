import { isAbsolute } from 'node:path';
import open from 'open';
import { browserUrl } from './browser-url';

/** Starts the system's opener on a target (the `open` package by default); rejects when none could be started. */
export type Opener = (target: string) => Promise<unknown>;

/**
 * Opens an http(s) URL in the system browser (RFC 8252 §8.12 (https://www.rfc-editor.org/rfc/rfc8252#section-8.12): never an embedded view for a real provider), through
 * `open`, which starts the opener without a shell: xdg-open or `open` with the URL as one argument, and on Windows
 * PowerShell with `Start '<url>'` as an encoded command, the URL single-quoted, so its `&` cannot split a command.
 * Resolves false when the URL is not http(s) or no opener could be started, so the caller can ask the user to
 * open the URL.
 */
export async function openInSystemBrowser(url: string, opener: Opener = open): Promise<boolean> {
  const target = browserUrl(url);
  return target !== null && startOpener(opener, target);
}

/**
 * Opens a page of our own on disk (browser mode's launch page) with the system's handler for HTML, the browser: the
 * path goes to the opener as one argument, as a URL does above. Resolves false for a relative path or when no opener
 * could be started.
 */
export async function openLocalPageInSystemBrowser(path: string, opener: Opener = open): Promise<boolean> {
  return isAbsolute(path) && path.endsWith('.html') && startOpener(opener, path);
}

async function startOpener(opener: Opener, target: string): Promise<boolean> {
  try {
    await opener(target);
    return true;
  } catch {
    return false;
  }
}
