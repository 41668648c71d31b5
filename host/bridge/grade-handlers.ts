import type { EventSink } from '../../shared/bridge/api';
import type { MethodOutput, ParsedInput } from '../../shared/bridge/contract';
import { BridgeFailure, CONTRACT_ERROR } from '../../shared/bridge/result';
import { GRADE_IDLE, type GradeStatus } from '../../shared/bridge/schemas/grade';
import { gradeReportHtml } from '../../shared/grade/grade-report-html';
import { gradeJunit } from '../../shared/grade/junit';
import type { RandomPort } from '../../shared/ports';
import { newRecordId } from '../../shared/store/record-id';
import { ListenError } from '../../platform/node/http-server';
import { GradeSession, type GradeListener } from '../grade/grade-session';
import { seenHistoryEntry } from '../grade/seen-history';
import type { HistoryTarget } from '../store/history/record-exchange';

/** The grading run's own refusals, beside the contract's codes. */
const GRADE_ERROR = { RUNNING: 'grader_running', STOPPED: 'grader_stopped' } as const;

export interface GradeHandlers {
  gradeStart(input: ParsedInput<'gradeStart'>): Promise<MethodOutput<'gradeStart'>>;
  gradeStop(): Promise<MethodOutput<'gradeStop'>>;
  gradeStatus(): MethodOutput<'gradeStatus'>;
  gradeChoose(input: ParsedInput<'gradeChoose'>): MethodOutput<'gradeChoose'>;
  gradeExport(input: ParsedInput<'gradeExport'>): MethodOutput<'gradeExport'>;
  close(): Promise<void>;
}

/**
 * The *Grade a client* page's grader behind the bridge: one run at a time, its changes pushed as
 * `gradeStatus` events, every request its issuers see recorded in the History (flow `grade`) as it comes.
 */
export function createGradeHandlers(events: EventSink, history: HistoryTarget, random: RandomPort): GradeHandlers {
  let session: GradeSession | null = null;
  let running = false;
  let starting = false;
  const status = (): GradeStatus => (session ? session.status(running) : GRADE_IDLE);
  const changed = () => events.emit('gradeStatus', status());
  const requireRunning = (what: string): GradeSession => {
    if (!session || !running)
      throw new BridgeFailure(GRADE_ERROR.STOPPED, `The grader is not running, so ${what}: start a run first.`);
    return session;
  };

  return {
    async gradeStart({ pack, port, waitSeconds }) {
      if (starting || running)
        throw new BridgeFailure(
          GRADE_ERROR.RUNNING,
          `The grader is already running${session ? ` (pack ${session.pack}, ${session.status(true).origin})` : ''}: stop it before starting another run.`
        );
      starting = true;
      try {
        const listener: GradeListener = {
          changed,
          seen: (seen) => history.historyAdd({ entry: seenHistoryEntry(newRecordId(random, 'g'), seen) }),
        };
        session = await GradeSession.start(pack, port ?? 0, (waitSeconds ?? 5) * 1000, listener);
        running = true;
      } catch (e) {
        if (e instanceof ListenError && e.reason !== 'listen_failed') throw new BridgeFailure(e.reason, e.message);
        throw e;
      } finally {
        starting = false;
      }
      changed();
      return status();
    },
    async gradeStop() {
      const s = requireRunning('there is nothing to stop');
      running = false;
      await s.stop();
      changed();
      return status();
    },
    gradeStatus: status,
    gradeChoose({ scenarioId }) {
      const s = requireRunning(`the scenario ${scenarioId} cannot be run`);
      const ids = s.status(true).scenarios.map((r) => r.id);
      if (!ids.includes(scenarioId))
        throw new BridgeFailure(
          CONTRACT_ERROR.INVALID_INPUT,
          `The scenario ${JSON.stringify(scenarioId)} is not in the pack ${s.pack}; expected one of ${ids.join(', ')}.`
        );
      s.choose(scenarioId);
      return status();
    },
    gradeExport({ format }) {
      if (!session) throw new BridgeFailure(GRADE_ERROR.STOPPED, 'No grading run yet: start one, then export it.');
      const report = session.report();
      const title = `OAuth Lab grade: ${report.pack}`;
      const html = format === 'html';
      return {
        target: html ? 'grade-report' : 'grade-junit',
        filename: html ? `oauth-lab-grade-${report.pack}.html` : `oauth-lab-grade-${report.pack}.xml`,
        mediaType: html ? 'text/html' : 'application/xml',
        text: html ? gradeReportHtml(report, title) : gradeJunit(report.pack, report.scenarios),
        secretsIncluded: false,
        placeholders: [],
        notes: [],
      };
    },
    async close() {
      if (session && running) await session.stop();
      running = false;
    },
  };
}
