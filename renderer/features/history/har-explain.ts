import { explainHar } from '../../../shared/explain/explain';
import { HarReadError, readHar } from '../../../shared/explain/har-read';
import { fingerprinter } from '../../../shared/explain/fingerprint';
import { buildReport, type Report } from '../../../shared/explain/report';
import type { CryptoPort, RandomPort } from '../../../shared/ports';

/** What the page shows of an explained HAR: the report (secrets fingerprinted), or why the file is not HAR. */
export type HarExplained =
  | { readonly ok: true; readonly entries: number; readonly report: Report }
  | { readonly ok: false; readonly error: string };

export interface HarExplainRequest {
  readonly id: number;
  readonly text: string;
}
export type HarExplainReply = { readonly id: number; readonly result: HarExplained };

/** Reads and explains a HAR's text; what is not HAR is an answer, not a throw. */
export function explainHarText(text: string, crypto: CryptoPort, random: RandomPort): HarExplained {
  try {
    const har = readHar(text);
    const fp = fingerprinter(crypto, random);
    return { ok: true, entries: har.entries.length, report: buildReport(har, explainHar(har, crypto, fp), fp) };
  } catch (e) {
    if (e instanceof HarReadError) return { ok: false, error: e.message };
    throw e;
  }
}

/** The part of a Web Worker the runner uses. */
type WorkerLike = Pick<Worker, 'postMessage' | 'terminate' | 'onmessage' | 'onerror'>;

/**
 * Explains HAR files on a Web Worker (har-explain.worker.ts), so a 50 MB file never freezes the page. When no
 * worker can start (a page whose origin may not load it), the file is explained in the page instead.
 */
export function createHarExplainRunner(crypto: CryptoPort, random: RandomPort, start: () => WorkerLike = startWorker) {
  let next = 0;
  return (text: string): Promise<HarExplained> => {
    let worker: WorkerLike;
    try {
      worker = start();
    } catch {
      return Promise.resolve(explainHarText(text, crypto, random));
    }
    const id = ++next;
    return new Promise<HarExplained>((resolve) => {
      worker.onmessage = ({ data }: MessageEvent<HarExplainReply>) => {
        if (data.id !== id) return;
        worker.terminate();
        resolve(data.result);
      };
      worker.onerror = () => {
        worker.terminate();
        resolve(explainHarText(text, crypto, random));
      };
      worker.postMessage({ id, text } satisfies HarExplainRequest);
    });
  };
}

const startWorker = () =>
  new Worker(new URL('./har-explain.worker.ts', import.meta.url), { type: 'module', name: 'har-explain' });
