import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/**
 * Builds the `oauth-lab` CLI (`npm run build:cli`) so that a CLI starting meanwhile never finds it missing or half
 * written: `npm run oauth-lab -- …` builds before every command, and two started together (`mock` in one terminal,
 * `flow` in another) each build while the other starts. Vite builds into a fresh folder beside out/cli/; its files are
 * then renamed into out/cli/ one by one (a rename replaces a file atomically), chunks first and main.js, the entry,
 * last. Chunk names carry a hash of their content, so a main.js, old or new, only ever names chunks that are in place.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'out/cli');
const ENTRY = 'main.js';
/** A chunk no longer built is kept this long: a CLI started from an older main.js may still load it. */
const STALE_CHUNK_MS = 24 * 60 * 60 * 1000;

/** Every file under dir, as paths relative to it. */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((path) => statSync(join(dir, path)).isFile());
}

function moveInto(staging: string, path: string): void {
  mkdirSync(join(OUT, path, '..'), { recursive: true });
  renameSync(join(staging, path), join(OUT, path));
}

/** Removes the chunks this build did not write once they are old enough that no running CLI still loads them. */
function pruneStale(built: ReadonlySet<string>, now: number): void {
  for (const path of files(OUT))
    if (!built.has(path) && path !== ENTRY && now - statSync(join(OUT, path)).mtimeMs > STALE_CHUNK_MS)
      rmSync(join(OUT, path), { force: true });
}

export async function buildCli(): Promise<void> {
  mkdirSync(join(ROOT, 'out'), { recursive: true });
  // In out/, so that the renames stay on one file system.
  const staging = mkdtempSync(join(ROOT, 'out/.cli-'));
  try {
    // The CLI, then the History import's worker beside it (vite.cli.config.ts says why apart).
    for (const mode of ['production', 'har-import-worker'])
      await build({
        root: ROOT,
        configFile: join(ROOT, 'vite.cli.config.ts'),
        mode,
        logLevel: 'warn',
        build: { outDir: staging, emptyOutDir: mode === 'production' },
      });
    const built = files(staging);
    for (const path of built) if (path !== ENTRY) moveInto(staging, path);
    moveInto(staging, ENTRY);
    pruneStale(new Set(built), Date.now());
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') await buildCli();
