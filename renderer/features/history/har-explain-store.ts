import { createStore } from 'zustand/vanilla';
import type { HarExplained } from './har-explain';

/** A file the user chose: its name and a way to read it. */
export interface ChosenFile {
  readonly name: string;
  text(): Promise<string>;
}

export interface HarExplainState {
  /** The file being or last explained, or null when the panel is closed. */
  readonly fileName: string | null;
  readonly busy: boolean;
  readonly result: HarExplained | null;
  fileChosen(file: ChosenFile): Promise<void>;
  closed(): void;
}

export type HarExplainStore = ReturnType<typeof createHarExplainStore>;

/** The History page's "Explain a HAR file": the chosen file read, explained by `explain` (a worker), shown. */
export function createHarExplainStore(explain: (text: string) => Promise<HarExplained>) {
  return createStore<HarExplainState>()((set, get) => ({
    fileName: null,
    busy: false,
    result: null,
    async fileChosen(file) {
      set({ fileName: file.name, busy: true, result: null });
      let result: HarExplained;
      try {
        result = await explain(await file.text());
      } catch (e) {
        result = { ok: false, error: `The file could not be read: ${(e as Error).message}` };
      }
      // A newer file chosen meanwhile wins.
      if (get().fileName === file.name) set({ busy: false, result });
    },
    closed: () => set({ fileName: null, busy: false, result: null }),
  }));
}
