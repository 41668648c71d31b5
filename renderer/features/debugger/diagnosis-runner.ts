import type { BridgeApi } from '../../../shared/bridge/api';
import type { BridgeResult } from '../../../shared/bridge/result';
import type { CryptoPort } from '../../../shared/ports';
import { firstPass, secondPass, verifyInHost, type Answers, type AskedChecks } from '../../state/debugger/rsa-check';
import type { DebugInputs, DebugResult } from './run-diagnosis';

export type WorkerRequest = { readonly id: number; readonly inputs: DebugInputs } & (
  { readonly pass: 'first' } | { readonly pass: 'second'; readonly host: BridgeResult<Answers> }
);
export type WorkerReply = { readonly id: number } & (
  { readonly result: DebugResult } | { readonly asked: AskedChecks }
);

/** Runs diagnoses somewhere else than the page's main thread; the last one asked for is the only one answered. */
export interface DiagnosisRunner {
  run(inputs: DebugInputs): Promise<DebugResult>;
}

/** Rejects a run that newer inputs replaced before it finished. */
export class Superseded extends Error {}

/** What the worker does with one message: one pass of rsa-check.ts. */
export function answerRequest(data: WorkerRequest, crypto: CryptoPort): WorkerReply {
  return data.pass === 'first'
    ? { id: data.id, ...firstPass(data.inputs, crypto) }
    : { id: data.id, result: secondPass(data.inputs, crypto, data.host) };
}

/** The part of a Web Worker the runner uses. */
export type WorkerLike = Pick<Worker, 'postMessage' | 'terminate' | 'onmessage' | 'onerror'>;

/**
 * A runner on a Web Worker (diagnosis.worker.ts). When the worker cannot start or fails (a page whose origin may
 * not load it), the run is rejected and the caller diagnoses in the page instead. A run still going when the next
 * one comes is abandoned with its worker, so a large request never delays the next check.
 */
export function createDiagnosisRunner(
  bridge: Pick<BridgeApi, 'rsaVerify'>,
  start: () => WorkerLike = startWorker
): DiagnosisRunner {
  let worker: WorkerLike | null = null;
  let pending: { id: number; reject: (e: Error) => void } | null = null;
  let next = 0;
  // A worker that could not start (a file:// page, a policy) will not start next time either: say so at once.
  let unavailable: Error | null = null;
  const stop = (reason: Error) => {
    worker?.terminate();
    worker = null;
    pending?.reject(reason);
    pending = null;
  };
  return {
    run(inputs) {
      if (pending) stop(new Superseded('newer inputs'));
      const id = ++next;
      return new Promise<DebugResult>((resolve, reject) => {
        if (unavailable) return reject(unavailable);
        pending = { id, reject };
        let answered = false;
        try {
          worker ??= start();
        } catch (e) {
          pending = null;
          unavailable = e instanceof Error ? e : new Error(String(e));
          return reject(unavailable);
        }
        const w = worker;
        w.onerror = (e) => {
          const failure = new Error(`The diagnosis worker failed: ${e.message || 'it could not be loaded'}.`);
          if (!answered) unavailable = failure;
          stop(failure);
        };
        w.onmessage = ({ data }: MessageEvent<WorkerReply>) => {
          answered = true;
          if (data.id !== id) return;
          if ('result' in data) {
            pending = null;
            return resolve(data.result);
          }
          void verifyInHost(bridge, inputs.rsaPublicKey.trim(), data.asked).then((host) => {
            if (pending?.id === id && worker === w)
              w.postMessage({ id, inputs, pass: 'second', host } satisfies WorkerRequest);
          });
        };
        w.postMessage({ id, inputs, pass: 'first' } satisfies WorkerRequest);
      });
    },
  };
}

const startWorker = () =>
  new Worker(new URL('./diagnosis.worker.ts', import.meta.url), { type: 'module', name: 'signature-diagnosis' });
