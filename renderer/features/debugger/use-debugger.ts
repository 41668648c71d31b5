import { pageStore } from '../../app/page-store';
import { createDebuggerStore } from '../../state/debugger/debugger-store';
import { createDiagnosisRunner } from './diagnosis-runner';

// The pasted request and its diagnosis survive leaving the page; diagnoses run on a worker where there is one.
export const useDebugger = pageStore((deps) =>
  createDebuggerStore({ ...deps, runner: typeof Worker === 'undefined' ? null : createDiagnosisRunner(deps.bridge) })
);
