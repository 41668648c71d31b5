import type { MethodOutput, ParsedInput } from '../../../shared/bridge/contract';
import { BridgeFailure } from '../../../shared/bridge/result';
import { HISTORY_LIMIT } from '../../../shared/store/history';
import { EXPORT_TARGETS, ExportError, exportHar, exportRequest } from '../export';
import type { BridgeStore } from './app-services';

/** Exports behind the bridge: the export core turns requests and the history into code, collections and HAR. */
export function createExportHandlers(store: BridgeStore, version: string) {
  const coded = <T>(run: () => T): T => {
    try {
      return run();
    } catch (e) {
      if (e instanceof ExportError) throw new BridgeFailure(e.code === 'unknown_target' || e.code === 'wrong_source' ? 'invalid_input' : e.code, e.message);
      throw e;
    }
  };
  return {
    exportTargets: (): MethodOutput<'exportTargets'> => EXPORT_TARGETS.map((t) => ({ ...t })),
    exportRequest: ({ target, source, includeSecrets, exchange }: ParsedInput<'exportRequest'>): MethodOutput<'exportRequest'> =>
      coded(() => exportRequest({ target, source, includeSecrets, appVersion: version, ...(exchange ? { exchange } : {}) })),
    async historyHar({ profileId, includeSecrets }: ParsedInput<'historyHar'>): Promise<MethodOutput<'historyHar'>> {
      const page = await store.historyList({ offset: 0, limit: 500, ...(profileId ? { profileId } : {}) });
      const entries = [...page.entries];
      for (let offset = 500; offset < Math.min(page.total, HISTORY_LIMIT); offset += 500) entries.push(...(await store.historyList({ offset, limit: 500, ...(profileId ? { profileId } : {}) })).entries);
      return coded(() => exportHar({ entries: entries.map((e) => ({ exchange: e.exchange, comment: `${e.flow} ${e.leg}: ${e.summary}` })), includeSecrets, appVersion: version }));
    },
  };
}
