import { SETUP_COMMAND, SYSTEM_RUNTIMES, hasRuntime, runtimeIds, type RuntimeId } from './system-runtimes';

/**
 * Probes the given system runtimes once for the whole run. With CI=true a missing one fails the run before any test;
 * elsewhere the tests that need it are skipped and one line at the end names them and the command that installs them.
 */
export function runtimeGate(ids: readonly RuntimeId[]): () => () => void {
  return () => {
    const missing = ids.filter((id) => !hasRuntime(id));
    const names = missing.map((id) => `${SYSTEM_RUNTIMES[id].label} (${SYSTEM_RUNTIMES[id].debian})`).join(', ');
    if (missing.length > 0 && process.env.CI === 'true') {
      throw new Error(
        `CI=true and these system runtimes are missing: ${names}. Install them with \`${SETUP_COMMAND}\`.`
      );
    }
    return () => {
      if (missing.length > 0)
        process.stderr.write(`\nSkipped the tests that need ${names}: install them with \`${SETUP_COMMAND}\`.\n`);
    };
  };
}

export default runtimeGate(runtimeIds());
