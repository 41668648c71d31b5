import { z } from 'zod';
import { PACKS } from '../../grade/scenarios';

/**
 * The app's grading run (the *Grade a client* page): the grader served by the host, the client's values
 * to paste into any client, the scenario being run and each scenario's verdict as the issuer observes requests.
 */
export const gradeStartInputSchema = z.strictObject({
  pack: z.enum(PACKS, { error: `the pack must be one of ${PACKS.join(', ')}` }),
  port: z
    .number()
    .int('the port must be a whole number')
    .min(0, 'the port must be 0 (any free port) to 65535')
    .max(65535, 'the port must be 0 (any free port) to 65535')
    .optional(),
  /** Seconds of quiet after the last request before a scenario still open is decided (the CLI's --wait). */
  waitSeconds: z
    .number()
    .min(0.2, 'the wait must be at least 0.2 s')
    .max(600, 'the wait must be at most 600 s')
    .optional(),
});

export const gradeChooseInputSchema = z.strictObject({
  scenarioId: z.string().min(1, 'the scenario id is empty').max(100),
});

export const gradeExportInputSchema = z.strictObject({ format: z.enum(['html', 'junit']) });

/** not-run: no request seen yet; running: requests seen, not decided; pass and fail are final. */
const liveVerdictSchema = z.enum(['not-run', 'running', 'pass', 'fail']);

const gradeScenarioRowSchema = z.strictObject({
  id: z.string(),
  expectation: z.enum(['reject', 'accept', 'either']),
  section: z.string(),
  /** What the scenario's issuer does differently, in words. */
  what: z.string(),
  verdict: liveVerdictSchema,
  /** The judge's evidence: the reason first, then each request seen (no secret). */
  evidence: z.array(z.string()),
  requests: z.number().int().nonnegative(),
  /** The History's owner of this scenario's exchanges (its profile filter), `grade:RUN:SCENARIO`. */
  historyOwner: z.string(),
});

export const gradeStatusSchema = z.strictObject({
  running: z.boolean(),
  pack: z.enum(PACKS).nullable(),
  /** The grader's origin, `http://127.0.0.1:PORT`, while running. */
  origin: z.string().nullable(),
  /** The scenario whose issuer answers now, and its issuer URL. */
  current: z.string().nullable(),
  issuer: z.string().nullable(),
  /** The registered client: the same for every scenario of the run (a confidential client, client_secret_basic). */
  client: z
    .strictObject({
      clientId: z.string(),
      clientSecret: z.string(),
      redirectUri: z.string(),
      scope: z.string(),
      idTokenSignedResponseAlg: z.string(),
    })
    .nullable(),
  waitSeconds: z.number(),
  scenarios: z.array(gradeScenarioRowSchema),
  passed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
export type GradeStatus = z.infer<typeof gradeStatusSchema>;
export type GradeScenarioRow = z.infer<typeof gradeScenarioRowSchema>;

/** No run yet: what the host answers before the first start, and what the page shows until it asks. */
export const GRADE_IDLE: GradeStatus = {
  running: false,
  pack: null,
  origin: null,
  current: null,
  issuer: null,
  client: null,
  waitSeconds: 5,
  scenarios: [],
  passed: 0,
  failed: 0,
};
