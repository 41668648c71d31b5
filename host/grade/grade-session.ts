import { fingerprinter } from '../../shared/explain/fingerprint';
import type { GradeScenarioRow, GradeStatus } from '../../shared/bridge/schemas/grade';
import { gradeReportOf, type GradeReport } from '../../shared/grade/grade-report';
import { judge, settledFailure } from '../../shared/grade/judge';
import { scenariosOf, type PACKS, type Scenario } from '../../shared/grade/scenarios';
import { GraderServer, type SeenRequest } from '../../mock-provider/grader/grader-server';
import { nodeCrypto, nodeRandom } from '../../platform/node/node-crypto';
import { reportedSeen } from './reported-seen';

type Pack = (typeof PACKS)[number];
type Live = GradeScenarioRow['verdict'];

interface Result {
  readonly scenario: Scenario;
  seen: SeenRequest[];
  verdict: Live;
  evidence: readonly string[];
  /** Chosen again after a verdict: its issuer is fresh, and its first request starts the scenario over. */
  rerun: boolean;
}

/** A request a scenario's issuer saw, for the History: whose, where, and the failure it settled if any. */
export interface SeenForHistory {
  readonly scenarioId: string;
  /** The History's owner of the scenario's exchanges. */
  readonly owner: string;
  /** The grader's origin, `http://127.0.0.1:PORT`. */
  readonly origin: string;
  readonly seen: SeenRequest;
  readonly failure: string | null;
}

/** What the session tells its host: the run changed, and each request seen. */
export interface GradeListener {
  changed(): void;
  seen(seen: SeenForHistory): void;
}

/** The History's owner of a scenario's exchanges: one per run and scenario, so Why? shows this scenario's alone. */
const historyOwnerOf = (run: string, scenarioId: string) => `grade:${run}:${scenarioId}`;

/**
 * The app's grading run: the grader served for one pack, one scenario's issuer answering at a time,
 * each scenario judged from what its issuer observed. Nothing is driven: a failure no later request can undo
 * decides a scenario at once (judge.ts settledFailure); any other verdict comes after `waitMs` of quiet since the
 * scenario's last request (the CLI's --wait when the client is not driven), or when the user moves on or stops.
 */
export class GradeSession {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private current: Result | null = null;

  private constructor(
    private readonly server: GraderServer,
    readonly pack: Pack,
    private readonly results: readonly Result[],
    readonly waitMs: number,
    private readonly listener: GradeListener
  ) {}

  static async start(pack: Pack, port: number, waitMs: number, listener: GradeListener): Promise<GradeSession> {
    const server = await GraderServer.start({ port });
    const results = scenariosOf(pack).map((scenario) => ({
      scenario,
      seen: [],
      verdict: 'not-run' as const,
      evidence: [],
      rerun: false,
    }));
    const session = new GradeSession(server, pack, results, waitMs, listener);
    session.choose(results[0]!.scenario.id);
    return session;
  }

  /**
   * Decides the scenario run now (if it saw requests) and serves the chosen one's fresh issuer. A scenario run
   * before keeps its verdict until its fresh issuer sees a request: then it starts over.
   */
  choose(id: string): void {
    const next = this.results.find((r) => r.scenario.id === id);
    if (!next) throw new Error(`the scenario ${id} is not in the pack ${this.pack}`);
    this.decideCurrent();
    next.rerun = next.seen.length > 0;
    this.current = next;
    this.server.begin(next.scenario, (seen) => this.onSeen(next, seen));
    this.listener.changed();
  }

  /** Decides the scenario run now and stops the grader; the verdicts stay for the exports. */
  async stop(): Promise<void> {
    this.decideCurrent();
    this.current = null;
    this.server.end();
    await this.server.close();
  }

  status(running: boolean): GradeStatus {
    const c = this.current;
    const scenarios = this.results.map((r) => ({
      id: r.scenario.id,
      expectation: r.scenario.expectation,
      section: r.scenario.section,
      what: r.scenario.what,
      verdict: r.verdict,
      evidence: [...r.evidence],
      requests: r.seen.length,
      historyOwner: historyOwnerOf(this.server.run, r.scenario.id),
    }));
    const { clientId, clientSecret, redirectUri } = this.server.client;
    return {
      running,
      pack: this.pack,
      origin: running ? this.server.origin : null,
      current: running && c ? c.scenario.id : null,
      issuer: running && c ? `${this.server.origin}/grade/${this.server.run}/${c.scenario.id}` : null,
      client:
        running && c
          ? {
              clientId,
              clientSecret,
              redirectUri,
              scope: c.scenario.scope,
              idTokenSignedResponseAlg: c.scenario.idTokenAlg,
            }
          : null,
      waitSeconds: this.waitMs / 1000,
      scenarios,
      passed: scenarios.filter((s) => s.verdict === 'pass').length,
      failed: scenarios.filter((s) => s.verdict === 'fail').length,
    };
  }

  /** The grade as `oauth-lab grade` reports it: a scenario not run is a skip; no process was driven (exitCode null). */
  report(): GradeReport {
    const fp = fingerprinter(nodeCrypto, nodeRandom);
    const rows = this.results.map((r) => {
      const s = r.scenario;
      const judged = r.seen.length ? judge(s, observed(r)) : null;
      return {
        id: s.id,
        verdict: judged ? judged.verdict : ('skip' as const),
        expectation: s.expectation,
        section: s.section,
        evidence: judged ? judged.evidence : ['skip: no request reached this scenario’s issuer in the app'],
        exitCode: null,
        requests: r.seen.map((x) => reportedSeen(x, fp)),
      };
    });
    return gradeReportOf(this.pack, rows);
  }

  private onSeen(r: Result, seen: SeenRequest): void {
    if (r.rerun) Object.assign(r, { seen: [], verdict: 'not-run', evidence: [], rerun: false });
    r.seen.push(seen);
    const failure = r.verdict === 'fail' ? null : settledFailure(r.scenario, observed(r));
    if (failure !== null) this.decide(r);
    else if (r.verdict !== 'fail') {
      r.verdict = 'running';
      r.evidence = judge(r.scenario, observed(r)).evidence.slice(1);
      this.restartTimer(r);
    }
    const owner = historyOwnerOf(this.server.run, r.scenario.id);
    this.listener.seen({ scenarioId: r.scenario.id, owner, origin: this.server.origin, seen, failure });
    this.listener.changed();
  }

  private restartTimer(r: Result): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.current === r && r.verdict === 'running') {
        this.decide(r);
        this.listener.changed();
      }
    }, this.waitMs);
  }

  private decideCurrent(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const r = this.current;
    if (r && r.verdict === 'running') this.decide(r);
  }

  private decide(r: Result): void {
    const j = judge(r.scenario, observed(r));
    r.verdict = j.verdict === 'pass' ? 'pass' : 'fail';
    r.evidence = j.evidence;
  }
}

const observed = (r: Result) => r.seen.map((x) => x.observed);
