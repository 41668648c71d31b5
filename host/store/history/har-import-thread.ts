import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { BridgeFailure } from '../../../shared/bridge/result';
import type { HistoryEntry } from '../../../shared/store/history';

/** What har-import-worker.ts is given: the file, and the prefix of its entries' ids. */
export interface HarImportJob {
  readonly fileName: string;
  readonly har: string;
  readonly batch: string;
}

export interface HarImported {
  readonly entries: HistoryEntry[];
  readonly legs: number;
}

/** What the worker posts: progress any number of times, then a result or a failure. */
export type HarImportMessage =
  | { readonly progress: { readonly done: number; readonly total: number } }
  | { readonly result: HarImported }
  | { readonly failure: { readonly code: string | null; readonly message: string } };

const WORKER = 'har-import-worker';

/**
 * The worker to start. Built, the entry of its own beside the host's entry (out/cli/, out/main/): this module is
 * bundled into that entry or into a chunk one folder below it. From source (tests, `tsx`), the .ts beside this one,
 * imported through tsx's API by a small script: Node 20 does not apply `--import` hooks inside a worker.
 */
function workerOf(job: HarImportJob): Worker {
  if (import.meta.url.endsWith('.ts')) {
    // tsx's ES module API (its package exports `import` condition), by file URL: an eval script resolves no package.
    const tsx = pathToFileURL(
      createRequire(import.meta.url)
        .resolve('tsx/esm/api')
        .replace(/\.cjs$/, '.mjs')
    ).href;
    const source = new URL(`./${WORKER}.ts`, import.meta.url).href;
    const script = `import(${JSON.stringify(tsx)}).then((api) => api.tsImport(${JSON.stringify(source)}, ${JSON.stringify(import.meta.url)}))`;
    return new Worker(script, { eval: true, workerData: job });
  }
  for (const relative of [`./${WORKER}.js`, `../${WORKER}.js`]) {
    const url = new URL(relative, import.meta.url);
    if (existsSync(fileURLToPath(url))) return new Worker(url, { workerData: job });
  }
  throw new Error(
    `The History import's worker (${WORKER}.js) is not beside ${fileURLToPath(import.meta.url)} or its folder: the build is incomplete.`
  );
}

/**
 * The history entries of a HAR's OAuth legs (harHistoryEntries), explained on a worker thread so the host goes on
 * answering other requests meanwhile; `onProgress` hears how many legs are explained.
 */
export function explainHarOffThread(
  job: HarImportJob,
  onProgress: (done: number, total: number) => void
): Promise<HarImported> {
  return new Promise((resolve, reject) => {
    const worker = workerOf(job);
    let settled = false;
    const settle = () => (settled = true);
    worker.on('message', (m: HarImportMessage) => {
      if ('progress' in m) onProgress(m.progress.done, m.progress.total);
      else if ('result' in m) resolve((settle(), m.result));
      else
        reject(
          (settle(),
          m.failure.code === null ? new Error(m.failure.message) : new BridgeFailure(m.failure.code, m.failure.message))
        );
    });
    worker.on('error', (e) => reject((settle(), e)));
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`The History import's worker stopped (exit code ${code}) before it answered.`));
    });
  });
}
