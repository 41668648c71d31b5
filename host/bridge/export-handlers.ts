import type { MethodOutput, ParsedInput } from '../../shared/bridge/contract';
import { BridgeFailure, CONTRACT_ERROR } from '../../shared/bridge/result';
import type { HistoryEntry } from '../../shared/store/history';
import { describeTarget, EXPORT_TARGETS, ExportError, exportHar, exportRequest } from '../export';
import type { BridgeStore } from './bridge-store';

/** Exports behind the bridge: the export core turns requests and the history into code, collections and HAR. */
export function createExportHandlers(store: BridgeStore, version: string) {
  const coded = <T>(run: () => T): T => {
    try {
      return run();
    } catch (e) {
      if (e instanceof ExportError)
        throw new BridgeFailure(
          e.code === 'unknown_target' || e.code === 'wrong_source' ? CONTRACT_ERROR.INVALID_INPUT : e.code,
          e.message
        );
      throw e;
    }
  };
  return {
    exportTargets: (): MethodOutput<'exportTargets'> => EXPORT_TARGETS.map(describeTarget),
    exportRequest: ({
      target,
      source,
      includeSecrets,
      exchange,
    }: ParsedInput<'exportRequest'>): MethodOutput<'exportRequest'> =>
      coded(() =>
        exportRequest({ target, source, includeSecrets, appVersion: version, ...(exchange ? { exchange } : {}) })
      ),
    async historyHar({ profileId, includeSecrets }: ParsedInput<'historyHar'>): Promise<MethodOutput<'historyHar'>> {
      // The list cuts long bodies to their start: each entry is read whole for the archive.
      const entries: HistoryEntry[] = [];
      for (let offset = 0, total = 1; offset < total; offset += 500) {
        const page = await store.historyList({ offset, limit: 500, ...(profileId ? { profileId } : {}) });
        total = page.total;
        for (const listed of page.entries) {
          const whole = listed.cut ? store.historyFull(listed.id) : listed;
          if (whole) entries.push(whole);
        }
      }
      return coded(() =>
        exportHar({
          entries: entries.map((e) => ({ exchange: e.exchange, comment: `${e.flow} ${e.leg}: ${e.summary}` })),
          includeSecrets,
          appVersion: version,
        })
      );
    },
  };
}
