import { fingerprinter } from '../../../shared/explain/fingerprint';
import { gradeReportOf, type GradeReport } from '../../../shared/grade/grade-report';
import { judge } from '../../../shared/grade/judge';
import type { Scenario } from '../../../shared/grade/scenarios';
import { GraderServer } from '../../../mock-provider/grader/grader-server';
import { nodeCrypto, nodeRandom } from '../../../platform/node/node-crypto';
import { interruptible } from '../interrupt';
import type { TextOutput } from '../io';
import { driveClient } from './drive-client';
import { reportedSeen } from '../../grade/reported-seen';

export interface GradeRun {
  readonly command: string;
  readonly env: NodeJS.ProcessEnv;
  readonly waitMs: number;
  /** Where the client's own output goes. */
  readonly log: TextOutput;
}

/** The variables the driven client reads. */
function clientEnv(server: GraderServer, issuer: string, s: Scenario): Record<string, string> {
  return {
    OAUTH_LAB_ISSUER: issuer,
    OAUTH_LAB_CLIENT_ID: server.client.clientId,
    OAUTH_LAB_CLIENT_SECRET: server.client.clientSecret,
    OAUTH_LAB_REDIRECT_URI: server.client.redirectUri,
    OAUTH_LAB_SCOPE: s.scope,
    OAUTH_LAB_ID_TOKEN_SIGNED_RESPONSE_ALG: s.idTokenAlg,
    OAUTH_LAB_SCENARIO: s.id,
  };
}

/**
 * Runs each scenario in turn on one grader server (a fresh issuer per scenario), drives the client once per
 * scenario, and judges from what the issuer observed. The report's fingerprints share one salt per run.
 */
export async function gradeScenarios(pack: string, plan: readonly Scenario[], run: GradeRun): Promise<GradeReport> {
  const server = await GraderServer.start();
  const fp = fingerprinter(nodeCrypto, nodeRandom);
  const scenarios: GradeReport['scenarios'][number][] = [];
  try {
    for (const s of plan) {
      const issuer = server.begin(s).issuer;
      const env = { ...run.env, ...clientEnv(server, issuer, s) };
      const driven = await interruptible(`the client in scenario ${s.id}`, (signal) =>
        driveClient(run.command, env, run.waitMs, run.log, signal)
      );
      const seen = server.end();
      const j = judge(
        s,
        seen.map((x) => x.observed)
      );
      const waited = driven.timedOut
        ? [`the client was still running after ${run.waitMs / 1000} s and was stopped (exit code ${driven.exitCode})`]
        : driven.signal
          ? [`the client was killed by ${driven.signal} (exit code ${driven.exitCode})`]
          : [];
      scenarios.push({
        id: s.id,
        verdict: j.verdict,
        expectation: s.expectation,
        section: s.section,
        evidence: [j.evidence[0]!, ...waited, ...j.evidence.slice(1)],
        exitCode: driven.exitCode,
        requests: seen.map((x) => reportedSeen(x, fp)),
      });
    }
  } finally {
    await server.close();
  }
  return gradeReportOf(pack, scenarios);
}
