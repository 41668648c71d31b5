import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, sep } from 'node:path';
import { contentTypeFor } from './content-types';
import { BASE_HEADERS, CONTENT_SECURITY_POLICY, sendError, WEB_ERROR } from './respond';
import { CONTRACT_ERROR } from '../../shared/bridge/result';

/**
 * Serves the built renderer from one directory and nothing outside it: `/` is index.html, every other path names
 * a file exactly. No directory listings, no dotfiles, no `..` in any spelling, no symlink that leads out.
 */
export interface StaticRoot {
  /** The directory with symlinks resolved, so containment checks compare real paths. */
  readonly dir: string;
  /** `dir` with a trailing separator: a file is inside when its real path starts with this. */
  readonly prefix: string;
}

export async function openStaticRoot(staticDir: string): Promise<StaticRoot> {
  let dir: string;
  try {
    dir = await realpath(staticDir);
  } catch (e) {
    throw new Error(
      `The web host cannot serve ${staticDir}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'it does not exist (build the renderer first: npm run build)' : (e as Error).message}.`,
      { cause: e }
    );
  }
  if (!(await stat(dir)).isDirectory())
    throw new Error(`The web host cannot serve ${staticDir}: it is not a directory.`);
  return { dir, prefix: dir.endsWith(sep) ? dir : dir + sep };
}

/** Why a path is refused before touching the file system (400), or its segments. */
export function pathSegments(rawPath: string): { segments: string[] } | { bad: string } {
  if (!rawPath.startsWith('/')) return { bad: 'The path must start with /.' };
  // An encoded slash or backslash would let one segment become two after decoding: refuse instead of guessing.
  if (/%2f|%5c|\\/i.test(rawPath)) return { bad: 'Encoded slashes and backslashes are not allowed in paths.' };
  if (rawPath === '/') return { segments: ['index.html'] };
  const segments: string[] = [];
  for (const raw of rawPath.slice(1).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return { bad: 'The path is not valid percent-encoded UTF-8.' };
    }
    // Empty segments (`//`), `.`/`..` in any encoding, NUL and drive letters could all step out of the root.
    if (segment === '' || segment === '.' || segment === '..' || /[\0:]/.test(segment))
      return { bad: 'The path has an empty, relative or invalid segment.' };
    segments.push(segment);
  }
  return { segments };
}

/** GET/HEAD of one file of the build, or an error answer. Never a listing; never a file outside the root. */
export async function serveStatic(
  root: StaticRoot,
  req: IncomingMessage,
  res: ServerResponse,
  rawPath: string
): Promise<void> {
  const parsed = pathSegments(rawPath);
  if ('bad' in parsed) return sendError(res, 400, WEB_ERROR.BAD_PATH, parsed.bad);
  const notFound = () =>
    sendError(res, 404, CONTRACT_ERROR.NOT_FOUND, `There is no file ${rawPath} in OAuth Lab's page.`);
  // Dotfiles are never part of the build, and could be anything a tool left there (.env, .git).
  if (parsed.segments.some((s) => s.startsWith('.'))) return notFound();

  let file: string;
  let size: number;
  try {
    file = await realpath(join(root.dir, ...parsed.segments));
    // After resolving symlinks the file must still be inside the root.
    if (!file.startsWith(root.prefix)) return notFound();
    const info = await stat(file);
    if (!info.isFile()) return notFound();
    size = info.size;
  } catch {
    return notFound();
  }

  const isHtml = file.endsWith('.html');
  const headers: Record<string, string> = {
    ...BASE_HEADERS,
    'Content-Type': contentTypeFor(file),
    'Content-Length': String(size),
    // The page is tied to this launch's token; its assets are content-hashed by Vite but revalidated all the same.
    'Cache-Control': isHtml ? 'no-store' : 'no-cache',
  };
  if (isHtml) headers['Content-Security-Policy'] = CONTENT_SECURITY_POLICY;
  if (req.method === 'HEAD') {
    res.writeHead(200, headers);
    res.end();
    return;
  }
  const stream = createReadStream(file);
  stream.once('open', () => {
    res.writeHead(200, headers);
    stream.pipe(res);
  });
  stream.once('error', () => {
    if (!res.headersSent) notFound();
    else res.destroy();
  });
  res.once('close', () => stream.destroy());
}
