import { describe, expect, it } from 'vitest';
import { GRADED_SCENARIOS } from '../../shared/grade/scenarios';
import { runCli } from '../unit/host/cli/run-cli';
import { CHECKS_OFF, openidClientScript, type CheckOff } from './grade-openid-client-driver';

/**
 * Interop: `oauth-lab grade` drives openid-client (a certified RP library nobody here wrote) over real
 * sockets, once per scenario. With every check on it passes every scenario served; with one check switched off it
 * fails exactly the scenarios that check is for, and passes the rest.
 */
interface Row {
  readonly id: string;
  readonly verdict: string;
}

async function grade(off: CheckOff): Promise<{ code: number; rows: Row[] }> {
  const client = openidClientScript(off);
  try {
    const r = await runCli(['grade', '--drive', client.command, '--pack', 'all', '--json'], '', process.env);
    return { code: r.code, rows: (JSON.parse(r.out) as { scenarios: Row[] }).scenarios };
  } finally {
    client.remove();
  }
}

const failing = (rows: readonly Row[]) => rows.filter((r) => r.verdict === 'fail').map((r) => r.id);

/** The scenarios each switched-off check must fail, and only those. */
const EXPECTED_FAILURES: Record<(typeof CHECKS_OFF)[number], string[]> = {
  state: ['authorization-response-state-mismatch'],
  'authorization-response-iss': ['authorization-response-iss-mismatch', 'authorization-response-iss-missing'],
  nonce: ['oidcc-client-test-nonce-invalid'],
  'id-token-signature': ['oidcc-client-test-invalid-sig-rs256'],
  'userinfo-sub': ['oidcc-client-test-userinfo-invalid-sub'],
  'refreshed-sub': ['oidcc-client-test-refresh-token-invalid-sub'],
  pkce: ['pkce-s256'],
  rotation: ['refresh-token-rotation'],
};

describe('oauth-lab grade --drive (openid-client)', () => {
  it('passes every served scenario with every check on, and exits 0', { timeout: 180_000 }, async () => {
    const { code, rows } = await grade(null);
    const served = rows.filter((r) => r.verdict !== 'skip');
    expect(served.map((r) => r.id)).toEqual(GRADED_SCENARIOS.map((s) => s.id));
    expect(failing(rows)).toEqual([]);
    expect(code).toBe(0);
  });

  for (const off of CHECKS_OFF)
    it(
      `with the ${off} check off, fails exactly ${EXPECTED_FAILURES[off].join(', ')}`,
      { timeout: 180_000 },
      async () => {
        const { code, rows } = await grade(off);
        expect(failing(rows).sort()).toEqual([...EXPECTED_FAILURES[off]].sort());
        expect(code).toBe(1);
      }
    );
});
