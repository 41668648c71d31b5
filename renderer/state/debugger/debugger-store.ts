import { createStore } from 'zustand/vanilla';
import type { BridgeApi } from '../../../shared/bridge/api';
import type { RendererDeps } from '../../app/deps';
import { Superseded, type DiagnosisRunner } from '../../features/debugger/diagnosis-runner';
import { failingExample } from './example';
import { checkSignature } from './rsa-check';
import {
  emptyInputs,
  type DebugInputs,
  type DebugResult,
  type FieldsInput,
  type RequestForm,
} from '../../features/debugger/run-diagnosis';

export interface DebuggerState {
  /** What the user typed; every edit replaces the object, so the page can tell whether it has been checked. */
  readonly inputs: DebugInputs;
  /** The inputs the shown result was computed from (the page debounces the check while typing). */
  readonly checked: DebugInputs | null;
  readonly result: DebugResult | null;
  /** The checked inputs are being diagnosed (off the main thread) or their RSA signature verified by the host; `result` is still the previous one. */
  readonly verifying: boolean;
  formChosen(form: RequestForm): void;
  inputEdited(patch: Partial<Omit<DebugInputs, 'fields' | 'form'>>): void;
  fieldEdited(patch: Partial<FieldsInput>): void;
  exampleLoaded(): void;
  inputsCleared(): void;
  diagnosisRequested(): void;
}

/**
 * The Signature debugger's state: the request as pasted, the secrets or the RSA public key, and the last diagnosis.
 * Kept across page visits (one store per set of app dependencies), so leaving the page loses nothing.
 */
export function createDebuggerStore({
  crypto,
  bridge,
  runner = null,
}: Pick<RendererDeps, 'crypto'> & {
  readonly bridge: Pick<BridgeApi, 'rsaVerify'>;
  readonly runner?: DiagnosisRunner | null;
}) {
  return createStore<DebuggerState>()((set, get) => {
    const edit = (inputs: DebugInputs) => set({ inputs });
    const inPage = (inputs: DebugInputs): Promise<DebugResult> => {
      const check = checkSignature(inputs, crypto, bridge);
      return 'result' in check ? Promise.resolve(check.result) : check.later;
    };
    return {
      inputs: emptyInputs,
      checked: null,
      result: null,
      verifying: false,
      formChosen: (form) => edit({ ...get().inputs, form }),
      inputEdited: (patch) => edit({ ...get().inputs, ...patch }),
      fieldEdited: (patch) => edit({ ...get().inputs, fields: { ...get().inputs.fields, ...patch } }),
      exampleLoaded() {
        const ex = failingExample(crypto);
        edit({
          ...emptyInputs,
          form: 'curl',
          curl: ex.curl,
          consumerSecret: ex.consumerSecret,
          tokenSecret: ex.tokenSecret,
        });
        get().diagnosisRequested();
      },
      inputsCleared() {
        set({ inputs: { ...emptyInputs, form: get().inputs.form } });
        get().diagnosisRequested();
      },
      diagnosisRequested() {
        const inputs = get().inputs;
        if (inputs === get().checked) return;
        const done = (result: DebugResult | null) => {
          // Last input wins: once the user has typed again, this answer is about text no longer there.
          if (result && get().inputs === inputs) set({ result, verifying: false });
        };
        if (runner) {
          // Off the main thread (a large request takes a while); in the page when the worker cannot run.
          set({ checked: inputs, verifying: true });
          void runner
            .run(inputs)
            .catch((e: unknown) => (e instanceof Superseded ? null : inPage(inputs)))
            .then(done);
          return;
        }
        const check = checkSignature(inputs, crypto, bridge);
        if ('result' in check) return set({ checked: inputs, result: check.result, verifying: false });
        set({ checked: inputs, verifying: true });
        void check.later.then(done);
      },
    };
  });
}
