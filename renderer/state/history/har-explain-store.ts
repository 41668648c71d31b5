import { createStore } from 'zustand/vanilla';
import type { RendererDeps } from '../../app/deps';
import { count } from '../../features/history/format';
import type { HarExplained } from '../../features/history/har-explain';

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
  /** What adding the file's legs to the history did, or null before. */
  readonly importMessage: string | null;
  /** The file's legs are in the history: adding them again would list them twice. */
  readonly added: boolean;
  /** While the host explains the file to add it (historyImportProgress): legs explained of the file's. */
  readonly importProgress: { readonly done: number; readonly total: number } | null;
  fileChosen(file: ChosenFile): Promise<void>;
  /** Explains the app's own history (one profile's, or all), as its HAR export gives it. */
  historyExplainRequested(profileId: string | undefined): Promise<void>;
  /** Adds the file's OAuth legs to the history, marked imported. */
  importRequested(): Promise<void>;
  closed(): void;
}

export type HarExplainStore = ReturnType<typeof createHarExplainStore>;

export interface HarExplainDeps {
  /** Explains a HAR's text (on a worker). */
  explain(text: string): Promise<HarExplained>;
  /** The history changed: the list is read again. */
  imported(): Promise<void>;
}

/** The History page's "Explain a HAR file": the chosen file read, explained by a worker, shown, and imported on demand. */
export function createHarExplainStore({ bridge }: Pick<RendererDeps, 'bridge'>, { explain, imported }: HarExplainDeps) {
  // The text of the file shown, kept for the import (not state: nothing renders it).
  let text = '';
  return createStore<HarExplainState>()((set, get) => ({
    fileName: null,
    busy: false,
    result: null,
    importMessage: null,
    added: false,
    importProgress: null,
    async fileChosen(file) {
      set({ fileName: file.name, busy: true, result: null, importMessage: null, added: false });
      let result: HarExplained;
      let read = '';
      try {
        read = await file.text();
        result = await explain(read);
      } catch (e) {
        result = { ok: false, error: `The file could not be read: ${(e as Error).message}` };
      }
      // A newer file chosen meanwhile wins.
      if (get().fileName !== file.name) return;
      text = read;
      set({ busy: false, result });
    },
    async historyExplainRequested(profileId) {
      const name = profileId ? 'the history of this profile' : 'the history';
      await get().fileChosen({
        name,
        text: async () => {
          // Secrets included: the explainer compares codes and tokens; it shows only their fingerprints.
          const r = await bridge.historyHar({ ...(profileId ? { profileId } : {}), includeSecrets: true });
          if (!r.ok) throw new Error(r.error.message);
          return r.value.text;
        },
      });
      // Its legs are the history's already: nothing to add.
      if (get().fileName === name) set({ added: true });
    },
    async importRequested() {
      const fileName = get().fileName;
      if (fileName === null || !get().result?.ok) return;
      set({ busy: true, importProgress: { done: 0, total: 0 } });
      const stop = bridge.on('historyImportProgress', ({ fileName: name, done, total }) => {
        if (name === fileName && get().importProgress) set({ importProgress: { done, total } });
      });
      const r = await bridge.historyImport({ fileName, har: text }).finally(stop);
      set({
        busy: false,
        importProgress: null,
        added: r.ok && r.value.imported > 0,
        importMessage: !r.ok
          ? `Not added: ${r.error.message}`
          : r.value.imported === 0
            ? 'Nothing added: recording is off in the settings (keep history).'
            : `Added ${count(r.value.imported, 'exchange', 'exchanges')} of ${count(r.value.legs, 'OAuth leg', 'OAuth legs')} to the history, marked imported.`,
      });
      if (r.ok && r.value.imported > 0) await imported();
    },
    closed: () => {
      text = '';
      set({ fileName: null, busy: false, result: null, importMessage: null, added: false, importProgress: null });
    },
  }));
}
