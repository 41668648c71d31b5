import { readFile, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { contentTypeFor } from '../../host/web/content-types';
import { BASE_HEADERS, CONTENT_SECURITY_POLICY } from '../../host/web/respond';
import { openStaticRoot, pathSegments, type StaticRoot } from '../../host/web/static-files';

/**
 * The app page's own scheme, `app://oauth-lab/`, instead of file://. A file:// page has no real origin (Chromium
 * gives it the opaque origin "null" and relies on Electron's own exceptions to load its module scripts), no response
 * headers (so no CSP header: `frame-ancestors` cannot be set from a meta tag), and it shares its "place" with every
 * file on the disk. app:// is registered standard (a real origin, relative URLs), secure (a secure context, like
 * https) and CORS-enabled, and answers only the files of the renderer build, the page with its
 * Content-Security-Policy as a header.
 */
export const APP_SCHEME = 'app';
const APP_HOST = 'oauth-lab';
export const APP_PAGE_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** For protocol.registerSchemesAsPrivileged, which Electron accepts only before the app is ready. */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true },
} as const;

/** protocol.handle's handler for app://: GET or HEAD of one file of the build, nothing outside it. */
export function appProtocolHandler(rendererDir: string): (request: Request) => Promise<Response> {
  let root: Promise<StaticRoot> | null = null;
  return async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST)
      return refuse(404, `There is no ${url.host} in ${APP_SCHEME}://; the page is at ${APP_PAGE_URL}.`);
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return refuse(405, `${request.method} is not served: the page's files are read with GET.`);
    const parsed = pathSegments(url.pathname);
    if ('bad' in parsed) return refuse(400, parsed.bad);
    const notFound = () => refuse(404, `There is no file ${url.pathname} in OAuth Lab's page.`);
    // Dotfiles are never part of the build.
    if (parsed.segments.some((s) => s.startsWith('.'))) return notFound();
    root ??= openStaticRoot(rendererDir);
    const { dir, prefix } = await root;
    let file: string;
    try {
      file = await realpath(join(dir, ...parsed.segments));
      // After resolving symlinks the file must still be inside the build.
      if (!file.startsWith(prefix) || !(await stat(file)).isFile()) return notFound();
    } catch {
      return notFound();
    }
    const headers: Record<string, string> = {
      ...BASE_HEADERS,
      'Content-Type': contentTypeFor(file),
      'Cache-Control': 'no-cache',
    };
    if (file.endsWith('.html')) headers['Content-Security-Policy'] = CONTENT_SECURITY_POLICY;
    return new Response(request.method === 'HEAD' ? null : await readFile(file), { status: 200, headers });
  };
}

function refuse(status: number, message: string): Response {
  return new Response(message, { status, headers: { ...BASE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });
}
