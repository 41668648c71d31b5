import { createStore } from 'zustand/vanilla';
import type { RendererDeps } from '../../app/deps';
import { failingExample } from './example';
import { emptyInputs, runDiagnosis, type DebugInputs, type DebugResult, type FieldsInput, type RequestForm } from './run-diagnosis';

export interface DebuggerState {
  /** What the user typed; every edit replaces the object, so the page can tell whether it has been checked. */
  readonly inputs: DebugInputs;
  /** The inputs the shown result was computed from (the page debounces the check while typing). */
  readonly checked: DebugInputs | null;
  readonly result: DebugResult | null;
  formChosen(form: RequestForm): void;
  inputEdited(patch: Partial<Omit<DebugInputs, 'fields' | 'form'>>): void;
  fieldEdited(patch: Partial<FieldsInput>): void;
  exampleLoaded(): void;
  inputsCleared(): void;
  diagnosisRequested(): void;
}

/**
 * The Signature debugger's state: the request as pasted, the secrets, and the last diagnosis. Kept across page
 * visits (one store per set of app dependencies), so leaving the page loses nothing.
 */
export function createDebuggerStore({ crypto }: Pick<RendererDeps, 'crypto'>) {
  return createStore<DebuggerState>()((set, get) => {
    const edit = (inputs: DebugInputs) => set({ inputs });
    return {
      inputs: emptyInputs,
      checked: null,
      result: null,
      formChosen: (form) => edit({ ...get().inputs, form }),
      inputEdited: (patch) => edit({ ...get().inputs, ...patch }),
      fieldEdited: (patch) => edit({ ...get().inputs, fields: { ...get().inputs.fields, ...patch } }),
      exampleLoaded() {
        const ex = failingExample(crypto);
        edit({ ...emptyInputs, form: 'curl', curl: ex.curl, consumerSecret: ex.consumerSecret, tokenSecret: ex.tokenSecret });
        get().diagnosisRequested();
      },
      inputsCleared() {
        set({ inputs: { ...emptyInputs, form: get().inputs.form } });
        get().diagnosisRequested();
      },
      diagnosisRequested() {
        const inputs = get().inputs;
        if (inputs === get().checked) return;
        set({ checked: inputs, result: runDiagnosis(inputs, crypto) });
      },
    };
  });
}

export type DebuggerStore = ReturnType<typeof createDebuggerStore>;
