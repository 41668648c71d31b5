import { useStore } from 'zustand';
import { useDeps } from '../../app/stores';
import type { RendererDeps } from '../../app/deps';
import { createDebuggerStore, type DebuggerState, type DebuggerStore } from './debugger-store';

// One debugger store per set of app dependencies, so the pasted request and its diagnosis survive leaving the page.
const stores = new WeakMap<RendererDeps, DebuggerStore>();

function debuggerStore(deps: RendererDeps): DebuggerStore {
  let store = stores.get(deps);
  if (!store) stores.set(deps, (store = createDebuggerStore(deps)));
  return store;
}

export const useDebugger = <T,>(selector: (s: DebuggerState) => T): T => useStore(debuggerStore(useDeps()), selector);
