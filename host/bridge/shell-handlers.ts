import type { MethodOutput, ParsedInput } from '../../shared/bridge/contract';
import { CONTRACT_ERROR, BridgeFailure } from '../../shared/bridge/result';

/** What only the host can do for the renderer: open pages and save files. Each host passes its own. */
export interface ShellPort {
  /** The system browser (RFC 8252 §8.12 (https://www.rfc-editor.org/rfc/rfc8252#section-8.12)); false when no browser could be started. */
  openInSystemBrowser(url: string): Promise<boolean>;
  /**
   * Electron only: the mock's login page in its own window, with its own session and no preload, which may leave the
   * mock only for a redirect URI a catcher listens on (`catcherRedirectUris`, read at each navigation).
   */
  openAppWindow?(url: string, catcherRedirectUris: () => readonly string[]): Promise<void>;
  /** Electron only: a save dialog; resolves null when the user cancels. */
  saveFile?(suggestedName: string, content: string): Promise<string | null>;
}

/** The app window only ever shows the embedded mock: real providers go to the system browser. */
export function createShellHandlers(
  shell: ShellPort,
  mockBaseUrl: () => string | null,
  catcherRedirectUris: () => readonly string[]
) {
  return {
    async openUrl({ url, target }: ParsedInput<'openUrl'>): Promise<MethodOutput<'openUrl'>> {
      if (target === 'app-window') {
        if (!shell.openAppWindow)
          throw new BridgeFailure(
            CONTRACT_ERROR.UNSUPPORTED,
            'The app window exists only in the desktop app; open the page in the browser instead.'
          );
        const base = mockBaseUrl();
        if (!base || !url.startsWith(`${base}/`))
          throw new BridgeFailure(
            CONTRACT_ERROR.INVALID_INPUT,
            `Only the embedded mock's pages open in the app window (${base ?? 'the mock is not running'}); a real provider's page opens in the system browser (RFC 8252 §8.12).`
          );
        await shell.openAppWindow(url, catcherRedirectUris);
        return { openedIn: 'app-window' };
      }
      if (!(await shell.openInSystemBrowser(url)))
        throw new BridgeFailure(
          CONTRACT_ERROR.UNAVAILABLE,
          'No system browser could be started; copy the URL and open it yourself.'
        );
      return { openedIn: 'system' };
    },
    async exportFile({ suggestedName, content }: ParsedInput<'exportFile'>): Promise<MethodOutput<'exportFile'>> {
      if (!shell.saveFile)
        throw new BridgeFailure(
          CONTRACT_ERROR.UNSUPPORTED,
          'Saving through a dialog exists only in the desktop app; in the browser the file is downloaded instead.'
        );
      const path = await shell.saveFile(suggestedName, content);
      return { saved: path !== null, path };
    },
  };
}
