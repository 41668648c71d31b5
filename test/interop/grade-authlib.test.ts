import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GRADED_SCENARIOS } from '../../shared/grade/scenarios';
import { hasRuntime } from '../support/system-runtimes';
import { runCli } from '../unit/host/cli/run-cli';

/**
 * Interop: `oauth-lab grade` drives Authlib 1.2 (python3-authlib, a client nobody here wrote) over real
 * sockets, once per scenario: every check on passes every scenario served; one check off fails exactly its
 * scenarios. The client is grade-authlib-client.py; GRADE_CHECK_OFF switches a check off.
 */
const CLIENT = join(import.meta.dirname, 'grade-authlib-client.py');

async function grade(off: string): Promise<{ code: number; failing: string[]; served: string[] }> {
  const drive = `GRADE_CHECK_OFF=${off} /usr/bin/python3 '${CLIENT}'`;
  const r = await runCli(['grade', '--drive', drive, '--pack', 'all', '--json'], '', process.env);
  const rows = (JSON.parse(r.out) as { scenarios: { id: string; verdict: string }[] }).scenarios;
  return {
    code: r.code,
    failing: rows.filter((s) => s.verdict === 'fail').map((s) => s.id),
    served: rows.filter((s) => s.verdict !== 'skip').map((s) => s.id),
  };
}

const EXPECTED_FAILURES: Record<string, string[]> = {
  state: ['authorization-response-state-mismatch'],
  'authorization-response-iss': ['authorization-response-iss-mismatch', 'authorization-response-iss-missing'],
  'userinfo-sub': ['oidcc-client-test-userinfo-invalid-sub'],
  'refreshed-sub': ['oidcc-client-test-refresh-token-invalid-sub'],
};

describe.skipIf(!hasRuntime('python3Authlib'))('oauth-lab grade --drive (Authlib)', () => {
  it('passes every served scenario with every check on, and exits 0', { timeout: 180_000 }, async () => {
    const r = await grade('');
    expect(r.served).toEqual(GRADED_SCENARIOS.map((s) => s.id));
    expect(r.failing).toEqual([]);
    expect(r.code).toBe(0);
  });

  for (const [off, expected] of Object.entries(EXPECTED_FAILURES))
    it(`with the ${off} check off, fails exactly ${expected.join(', ')}`, { timeout: 180_000 }, async () => {
      const r = await grade(off);
      expect(r.failing.sort()).toEqual([...expected].sort());
      expect(r.code).toBe(1);
    });
});
