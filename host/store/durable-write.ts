import * as nodeFs from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/**
 * The one way the store replaces a file: write a temporary file next to it, flush it to the disk, check that it
 * holds exactly what was meant, and only then rename it over the old one. A full disk, a quota or a permission
 * problem therefore leaves the previous file as it was and reaches the caller as a StoreWriteError; a short file
 * never replaces a good one (the writer under `conf` renames without checking). A target that is not a regular file
 * (a FIFO, a terminal, `/dev/stdout`) is written in place instead (writesInPlace). A symbolic link is followed to
 * the file it names (linkedFile), so the link stays and the file behind it is replaced.
 */

/** The file operations the writer uses; tests pass one that fails the way a full disk does. */
export type WriteFs = Pick<
  typeof nodeFs,
  | 'openSync'
  | 'writeSync'
  | 'fsyncSync'
  | 'fstatSync'
  | 'readSync'
  | 'closeSync'
  | 'renameSync'
  | 'unlinkSync'
  | 'statSync'
  | 'lstatSync'
  | 'readlinkSync'
>;

/** A save that did not land; the previous file is unchanged. `code` is the system's (ENOSPC, EACCES...) when known. */
export class StoreWriteError extends Error {
  override readonly name = 'StoreWriteError';
  constructor(
    readonly path: string,
    readonly code: string | undefined,
    message: string,
    options?: { cause?: unknown }
  ) {
    super(message, options);
  }
}

const CAUSES: Readonly<Record<string, string>> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EACCES: 'permission denied',
  EPERM: 'the operation is not permitted',
  EROFS: 'the file system is read-only',
  EIO: 'the disk reported an input/output error',
  EFBIG: 'the file is too large for the file system',
  ENOENT: 'the directory does not exist',
};

/** "the disk is full (ENOSPC)" for a system error; the error's message otherwise. */
export function describeWriteCause(e: unknown): { code: string | undefined; text: string } {
  const code = (e as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') return { code, text: `${CAUSES[code] ?? (e as Error).message} (${code})` };
  return { code: undefined, text: e instanceof Error ? e.message : String(e) };
}

let sequence = 0;

function sameBytes(fs: WriteFs, fd: number, expected: Buffer): boolean {
  const back = Buffer.alloc(expected.length);
  let at = 0;
  while (at < back.length) {
    const n = fs.readSync(fd, back, at, back.length - at, at);
    if (n === 0) break;
    at += n;
  }
  return at === expected.length && back.equals(expected);
}

/** Flushes the directory entry of a rename (POSIX); platforms that cannot open a directory skip it. */
function syncDirectory(fs: WriteFs, dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Windows cannot open a directory; the rename is then as durable as the platform makes it.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** A path under /dev or /proc: a device or a descriptor alias, never a file the writer may rename over. */
function isSystemAlias(path: string): boolean {
  return /^\/(dev|proc)\//.test(resolve(path));
}

/**
 * A target a rename would replace instead of writing to: one that exists and is not a regular file (a FIFO, a
 * terminal, a pipe behind /dev/stdout), or one named through the system's descriptor aliases (/dev/stdout,
 * /dev/fd/N, /proc/self/fd/N), whose rename would replace the alias itself and never reach the open file behind it.
 */
export function writesInPlace(path: string, fs: Pick<WriteFs, 'statSync'> = nodeFs): boolean {
  if (isSystemAlias(path)) return true;
  try {
    const stat = fs.statSync(path, { throwIfNoEntry: false });
    return stat !== undefined && !stat.isFile();
  } catch {
    // A loop of links (ELOOP) is no stream: writeFileDurably then refuses it by name.
    return false;
  }
}

/** Linux's limit on links followed in one lookup (MAXSYMLINKS); a longer chain is taken as a loop. */
const MAX_LINKS = 40;

/**
 * The path a write through `path` lands on: a symbolic link is followed, link by link, to the entry at the end of
 * the chain, whether it exists or not (a dangling link gets its file created, as a shell's `>` does). Renaming over
 * the link itself would replace the link with a plain file and leave the linked file stale.
 */
function linkedFile(fs: WriteFs, path: string): string {
  let at = path;
  for (let followed = 0; followed <= MAX_LINKS; followed++) {
    const stat = fs.lstatSync(at, { throwIfNoEntry: false });
    // /dev/stdout's own links end in "pipe:[N]", no path: stop where the system's aliases begin.
    if (!stat?.isSymbolicLink() || isSystemAlias(at)) return at;
    at = resolve(dirname(at), fs.readlinkSync(at, 'utf8'));
  }
  throw new StoreWriteError(
    path,
    'ELOOP',
    `Saving ${path} failed: its symbolic links form a loop or a chain longer than ${MAX_LINKS} (ELOOP); point it at a file.`
  );
}

/** Writes `bytes` through `path` as it is: no temporary file, no rename, no flush (a pipe cannot be flushed). */
function writeInPlace(fs: WriteFs, path: string, bytes: Buffer, mode: number): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(path, 'w', mode);
    // No position: a pipe or a terminal cannot seek.
    for (let at = 0; at < bytes.length;) {
      const n = fs.writeSync(fd, bytes, at, bytes.length - at, null);
      if (n <= 0) throw Object.assign(new Error('the target accepted no more bytes'), { code: 'ENOSPC' });
      at += n;
    }
  } catch (e) {
    const cause = describeWriteCause(e);
    throw new StoreWriteError(path, cause.code, `Writing ${path} failed: ${cause.text}.`, { cause: e });
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * Replaces `path` with `data` completely or not at all. Throws StoreWriteError naming the file and the cause;
 * the temporary file is removed and `path` keeps its previous contents. A target writesInPlace names is written
 * through as it is instead.
 */
export function writeFileDurably(
  path: string,
  data: string | Buffer,
  options: { mode?: number; fs?: WriteFs } = {}
): void {
  const fs = options.fs ?? nodeFs;
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const file = linkedFile(fs, path);
  if (writesInPlace(file, fs)) return writeInPlace(fs, path, bytes, options.mode ?? 0o600);
  replaceFile(fs, path, file, bytes, options.mode ?? 0o600);
}

/** The temporary-file-and-rename half of writeFileDurably; `path` names the target in messages, `file` is written. */
function replaceFile(fs: WriteFs, path: string, file: string, bytes: Buffer, mode: number): void {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}-${++sequence}.tmp`);
  let fd: number | undefined;
  const fail = (e: unknown): never => {
    if (fd !== undefined) {
      try {
        fs.closeSync(fd);
      } catch {
        // already failing: the first cause is the one to report
      }
    }
    try {
      fs.unlinkSync(temp);
    } catch {
      // it may not have been created
    }
    const cause = describeWriteCause(e);
    throw new StoreWriteError(
      path,
      cause.code,
      `Saving ${path} failed: ${cause.text}. The previous file is unchanged.`,
      { cause: e }
    );
  };
  try {
    fd = fs.openSync(temp, 'wx+', mode);
    // A write may take fewer bytes than asked (that is allowed); one that takes none cannot make progress.
    for (let at = 0; at < bytes.length;) {
      const n = fs.writeSync(fd, bytes, at, bytes.length - at, at);
      if (n <= 0) throw Object.assign(new Error('the file system accepted no more bytes'), { code: 'ENOSPC' });
      at += n;
    }
    fs.fsyncSync(fd);
    const size = fs.fstatSync(fd).size;
    if (size !== bytes.length) throw new Error(`the written file has ${size} bytes, expected ${bytes.length}`);
    if (!sameBytes(fs, fd, bytes)) throw new Error('the written file does not read back as written');
    fs.closeSync(fd);
    fd = undefined;
    fs.renameSync(temp, file);
  } catch (e) {
    fail(e);
  }
  syncDirectory(fs, dirname(file));
}
