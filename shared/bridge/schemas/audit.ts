import { z } from 'zod';
import { SEVERITIES } from '../../audit/findings';
import { exportResultSchema } from './export';

/**
 * The app's *Audit* of a profile's issuer: `oauth-lab audit` run by the host, read-only unless the user
 * ticks *Active probes* (then through the profile's own client), its progress pushed as `auditStatus` events.
 */
const auditStartInputSchema = z.strictObject({
  profileId: z.string().min(1, 'the profile id is empty'),
  active: z.boolean().optional(),
  /** The CLI's --max-requests: every request counts, discovery included. */
  maxRequests: z
    .number()
    .int('the request budget must be a whole number')
    .min(1, 'the request budget must be at least 1')
    .max(1000, 'the request budget must be at most 1000')
    .optional(),
});

const auditExportInputSchema = z.strictObject({ format: z.enum(['html', 'sarif']) });

/** A finding as `audit --json` prints it. */
const auditFindingSchema = z.strictObject({
  id: z.string(),
  severity: z.enum(SEVERITIES),
  status: z.enum(['found', 'not-found', 'skipped']),
  section: z.string(),
  evidence: z.array(z.string()),
  explain: z.string().nullable(),
});

export const auditStatusSchema = z.strictObject({
  /** idle: none yet; done, failed (the issuer cannot be read, or a request failed) and cancelled are final. */
  state: z.enum(['idle', 'running', 'done', 'failed', 'cancelled']),
  /** Counts the host's changes: a reply read after a newer event (their order is not kept over HTTP) is older. */
  revision: z.number().int().nonnegative(),
  profileId: z.string().nullable(),
  issuer: z.string().nullable(),
  active: z.boolean(),
  /** Findings decided so far, of `total`. */
  decided: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** Requests sent so far, of at most `maxRequests`. */
  requests: z.number().int().nonnegative(),
  maxRequests: z.number().int().nonnegative(),
  findings: z.array(auditFindingSchema),
  error: z.string().nullable(),
  /** The History's owner of this audit's exchanges (its profile filter), `audit:RUN:PROFILE`. */
  historyOwner: z.string().nullable(),
});
export type AuditStatus = z.infer<typeof auditStatusSchema>;
export type AuditStatusFinding = z.infer<typeof auditFindingSchema>;

/** No audit yet. */
export const AUDIT_IDLE: AuditStatus = {
  state: 'idle',
  revision: 0,
  profileId: null,
  issuer: null,
  active: false,
  decided: 0,
  total: 0,
  requests: 0,
  maxRequests: 0,
  findings: [],
  error: null,
  historyOwner: null,
};

const none = z.strictObject({}).optional();

/** The audit's methods, spread into the contract's (contract.ts). */
export const AUDIT_METHODS = {
  auditStart: {
    input: auditStartInputSchema,
    output: auditStatusSchema,
    summary:
      "Audit a profile's issuer as `oauth-lab audit` does: read only, or active with the profile's client; refused while one runs.",
  },
  auditCancel: {
    input: none,
    output: auditStatusSchema,
    summary: 'Cancel the audit running: the request in flight is aborted, nothing more is sent.',
  },
  auditStatus: { input: none, output: auditStatusSchema, summary: 'The audit: its progress, then its findings.' },
  auditExport: {
    input: auditExportInputSchema,
    output: exportResultSchema,
    summary:
      'The audit as `oauth-lab audit --report` (HTML, secrets fingerprinted) or `--sarif` (SARIF 2.1.0) writes it.',
  },
} as const;
