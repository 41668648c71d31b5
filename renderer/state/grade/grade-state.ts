import type { MethodOutput } from '../../../shared/bridge/contract';
import type { BridgeResult } from '../../../shared/bridge/result';
import type { GradeScenarioRow, GradeStatus } from '../../../shared/bridge/schemas/grade';
import type { PACKS } from '../../../shared/grade/scenarios';

export type PackChoice = (typeof PACKS)[number];

/** The *Grade a client* page's state: the run as the host last said, the form to start one, and what failed. */
export interface GradeState {
  readonly status: GradeStatus;
  readonly pack: PackChoice;
  /** As typed: empty or 0 for any free port. */
  readonly portText: string;
  /** As typed: seconds of quiet before a scenario still open is decided. */
  readonly waitText: string;
  /** A start or stop on its way: the buttons wait for it. */
  readonly busy: 'starting' | 'stopping' | null;
  /** The last refusal, in words (bad input, a busy port, the grader stopped, a second start). */
  readonly error: string | null;
  pageOpened(): Promise<void>;
  packChosen(pack: PackChoice): void;
  portEdited(text: string): void;
  waitEdited(text: string): void;
  startRequested(): Promise<void>;
  stopRequested(): Promise<void>;
  scenarioChosen(id: string): Promise<void>;
  /** The scenario after (+1) or before (-1) the one run now, in the pack's order. */
  stepRequested(by: 1 | -1): Promise<void>;
  /** Why? on a verdict: the History opens on this scenario's exchanges, with the verdict's reason. */
  whyRequested(row: GradeScenarioRow): void;
  exportRequested(format: 'html' | 'junit'): Promise<BridgeResult<MethodOutput<'gradeExport'>>>;
  errorDismissed(): void;
}
