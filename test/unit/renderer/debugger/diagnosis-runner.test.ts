import { describe, expect, it, vi } from 'vitest';
import { createDebuggerStore } from '../../../../renderer/state/debugger/debugger-store';
import {
  answerRequest,
  createDiagnosisRunner,
  Superseded,
  type WorkerLike,
  type WorkerReply,
  type WorkerRequest,
} from '../../../../renderer/features/debugger/diagnosis-runner';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { emptyInputs } from '../../../../renderer/features/debugger/run-diagnosis';
import { authorization, curlOf, SECRETS } from './fixtures';

/** A stand-in for the Web Worker: it answers each message like diagnosis.worker.ts, on a later turn. */
function fakeWorker(log: string[]): () => WorkerLike {
  return () => {
    const w: WorkerLike & { alive: boolean } = {
      alive: true,
      onmessage: null,
      onerror: null,
      postMessage(data: WorkerRequest) {
        log.push(`post ${data.id} ${data.pass}`);
        setTimeout(
          () =>
            w.alive &&
            w.onmessage?.call(
              w as unknown as Worker,
              { data: answerRequest(data, browserCrypto) } as MessageEvent<WorkerReply>
            ),
          0
        );
      },
      terminate() {
        log.push('terminate');
        w.alive = false;
      },
    };
    return w;
  };
}

const inputs = (tokenSecret: string) => ({
  ...emptyInputs,
  form: 'curl' as const,
  curl: curlOf(authorization({ bodyLeftOut: true })),
  consumerSecret: SECRETS.consumerSecret,
  tokenSecret,
});

describe('the diagnosis runner (Web Worker)', () => {
  it('diagnoses off the main thread and answers with the same result as the page', async () => {
    const log: string[] = [];
    const runner = createDiagnosisRunner({ rsaVerify: vi.fn() }, fakeWorker(log));
    const result = await runner.run(inputs(SECRETS.tokenSecret));
    expect(result.diagnosis!.causes.map((c) => c.cause)).toEqual(['body-left-out']);
    expect(log).toEqual(['post 1 first']);
  });

  it('a run still going when the next comes is abandoned with its worker', async () => {
    const log: string[] = [];
    const runner = createDiagnosisRunner({ rsaVerify: vi.fn() }, fakeWorker(log));
    const first = runner.run(inputs('typed-halfway'));
    const second = runner.run(inputs(SECRETS.tokenSecret));
    await expect(first).rejects.toBeInstanceOf(Superseded);
    expect((await second).diagnosis!.causes.map((c) => c.cause)).toEqual(['body-left-out']);
    expect(log).toEqual(['post 1 first', 'terminate', 'post 2 first']);
  });

  it("the store shows the last inputs' result, and diagnoses in the page when the worker cannot start (tried once)", async () => {
    const start = vi.fn((): WorkerLike => {
      throw new Error("blocked by the page's policy");
    });
    const store = createDebuggerStore({
      crypto: browserCrypto,
      bridge: { rsaVerify: vi.fn() },
      runner: createDiagnosisRunner({ rsaVerify: vi.fn() }, start),
    });
    store.getState().inputEdited(inputs(SECRETS.tokenSecret));
    store.getState().diagnosisRequested();
    expect(store.getState().verifying).toBe(true);
    await vi.waitFor(() => expect(store.getState().verifying).toBe(false));
    expect(store.getState().result!.diagnosis!.causes.map((c) => c.cause)).toEqual(['body-left-out']);
    store.getState().inputEdited({ tokenSecret: 'other' });
    store.getState().diagnosisRequested();
    await vi.waitFor(() => expect(store.getState().verifying).toBe(false));
    expect(store.getState().result!.diagnosis!.verdict).toBe('mismatch');
    expect(start).toHaveBeenCalledTimes(1);
  });
});
