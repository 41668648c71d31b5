import type { BrowserWindowConstructorOptions, Rectangle } from 'electron';

/** Size and position remembered between launches. */
export interface WindowBounds {
  readonly x?: number;
  readonly y?: number;
  readonly width: number;
  readonly height: number;
}

export const DEFAULT_BOUNDS: WindowBounds = { width: 1280, height: 800 };
const MIN = { width: 960, height: 600 };

/**
 * Saved bounds if they still fit a display (a monitor may have been unplugged), the default size otherwise.
 * A window off every display would open where nobody can see it.
 */
export function restoreBounds(saved: unknown, displays: readonly Rectangle[]): WindowBounds {
  const b = saved as Partial<WindowBounds> | null;
  if (
    !b ||
    typeof b.width !== 'number' ||
    typeof b.height !== 'number' ||
    !(b.width >= MIN.width) ||
    !(b.height >= MIN.height)
  )
    return DEFAULT_BOUNDS;
  const size = { width: Math.round(b.width), height: Math.round(b.height) };
  if (typeof b.x !== 'number' || typeof b.y !== 'number') return size;
  const { x, y } = b;
  const visible = displays.some((d) => x + 100 > d.x && y >= d.y && x < d.x + d.width - 100 && y < d.y + d.height - 50);
  return visible ? { ...size, x: Math.round(x), y: Math.round(y) } : size;
}

/** The app window: no Node, a sandbox, context isolation, and the preload that exposes the bridge only. */
export function mainWindowOptions(bounds: WindowBounds, preloadPath: string): BrowserWindowConstructorOptions {
  return {
    ...bounds,
    minWidth: MIN.width,
    minHeight: MIN.height,
    title: 'OAuth Lab',
    show: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      spellcheck: false,
      safeDialogs: true,
    },
  };
}

/**
 * The mock's login page: its own in-memory session (a partition without `persist:`), no preload, nothing shared
 * with the app window, so its cookies and the app's data never meet.
 */
export function loginWindowOptions(partition: string): BrowserWindowConstructorOptions {
  if (partition.startsWith('persist:')) throw new Error('The login window must use a non-persistent session.');
  return {
    width: 520,
    height: 680,
    title: 'Sign in to the mock provider',
    autoHideMenuBar: true,
    webPreferences: {
      partition,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
      javascript: true,
    },
  };
}
