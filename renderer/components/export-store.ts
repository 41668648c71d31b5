import { createStore } from 'zustand/vanilla';
import type { MethodInput, MethodOutput } from '../../shared/bridge/contract';
import type { BridgeResult } from '../../shared/bridge/result';
import { pageStore } from '../app/page-store';
import type { RendererDeps } from '../app/deps';

type Target = MethodOutput<'exportTargets'>[number];

export interface ExportState {
  /** What a request can be exported as, once asked for (the list does not change while the app runs). */
  readonly targets: readonly Target[];
  targetsWanted(): Promise<void>;
  exportRequest(input: MethodInput<'exportRequest'>): Promise<BridgeResult<MethodOutput<'exportRequest'>>>;
}

export function createExportStore({ bridge }: Pick<RendererDeps, 'bridge'>) {
  return createStore<ExportState>()((set, get) => ({
    targets: [],
    async targetsWanted() {
      if (get().targets.length) return;
      const r = await bridge.exportTargets();
      if (r.ok) set({ targets: r.value });
    },
    exportRequest: (input) => bridge.exportRequest(input),
  }));
}

export const useExport = pageStore(createExportStore);
