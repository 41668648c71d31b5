import type { BridgeHandlers, EventSink } from '../../shared/bridge/api';
import type { MethodOutput, ParsedInput } from '../../shared/bridge/contract';
import { BridgeFailure, CONTRACT_ERROR } from '../../shared/bridge/result';
import { AUDIT_IDLE, type AuditStatus } from '../../shared/bridge/schemas/audit';
import type { AuditFinding, AuditResult } from '../../shared/audit/audit-result';
import { FINDINGS } from '../../shared/audit/findings';
import type { RawSeen } from '../../shared/grade/grade-report';
import { transportOf } from '../../shared/flows/profile-config';
import type { RandomPort } from '../../shared/ports';
import { newRecordId } from '../../shared/store/record-id';
import { auditCancel } from '../audit/audit-cancel';
import { auditExport } from '../audit/audit-exports';
import { profileIssuer, profileProbeClient } from '../audit/profile-audit';
import { runAudit } from '../audit/run-audit';
import { Interrupted } from '../interrupted';
import type { HistoryTarget, Recording } from '../store/history/record-exchange';
import type { RawRequest } from '../../shared/http';

/** The audit's own refusals, beside the contract's codes. */
const AUDIT_ERROR = { RUNNING: 'audit_running', NONE: 'audit_none' } as const;
const DEFAULT_MAX_REQUESTS = 60;

export interface AuditDeps {
  readonly events: EventSink;
  /** Where each request is recorded, and the profiles audited. */
  readonly store: HistoryTarget & Pick<BridgeHandlers, 'profilesList'>;
  readonly mockBaseUrl: () => string | null;
  readonly random: RandomPort;
}

export interface AuditHandlers {
  auditStart(input: ParsedInput<'auditStart'>): Promise<MethodOutput<'auditStart'>>;
  auditCancel(): MethodOutput<'auditCancel'>;
  auditStatus(): MethodOutput<'auditStatus'>;
  auditExport(input: ParsedInput<'auditExport'>): MethodOutput<'auditExport'>;
  close(): Promise<void>;
}

/** A finding as the status carries it (the schema's arrays are mutable). */
const statusFinding = (f: AuditFinding): AuditStatus['findings'][number] => ({ ...f, evidence: [...f.evidence] });

/** The leg a request is recorded as in the History: its path (the endpoint), cut to the entry's 40 characters. */
const legOf = (url: string) => new URL(url).pathname.slice(0, 40) || '/';

/** Each request the audit sends as its own History entry (flow `audit`), under the audit's owner. */
const recordingFor =
  (deps: AuditDeps, owner: string, sent: () => void) =>
  (request: RawRequest): Recording => {
    sent();
    return {
      history: deps.store,
      record: { id: newRecordId(deps.random, 'a'), profileId: owner, flow: 'audit', leg: legOf(request.url) },
      now: Date.now,
    };
  };

/**
 * The *Audit* action on a profile behind the bridge: one audit at a time, run by the CLI's engine, each
 * finding pushed as an `auditStatus` event as it is decided, every request recorded in the History (flow `audit`,
 * owner `audit:RUN:PROFILE`), the report and SARIF as `--report` and `--sarif` write them.
 */
export function createAuditHandlers(deps: AuditDeps): AuditHandlers {
  let status: AuditStatus = AUDIT_IDLE;
  let last: { result: AuditResult; seen: readonly RawSeen[] } | null = null;
  let cancel: (() => void) | null = null;
  let running: Promise<void> | null = null;
  const changed = (patch: Partial<AuditStatus>) => {
    status = { ...status, ...patch, revision: status.revision + 1 };
    deps.events.emit('auditStatus', status);
  };

  async function run(options: Parameters<typeof runAudit>[0]) {
    try {
      last = await runAudit(options);
      changed({ state: 'done', findings: last.result.findings.map(statusFinding), requests: last.result.probes });
    } catch (e) {
      changed({ state: e instanceof Interrupted ? 'cancelled' : 'failed', error: (e as Error).message });
    } finally {
      cancel = null;
    }
  }

  return {
    async auditStart({ profileId, active, maxRequests }) {
      const profile = (await deps.store.profilesList(undefined)).find((p) => p.id === profileId);
      if (status.state === 'running')
        throw new BridgeFailure(
          AUDIT_ERROR.RUNNING,
          `An audit of ${status.issuer} is running: wait for it or cancel it before starting another.`
        );
      if (!profile)
        throw new BridgeFailure(CONTRACT_ERROR.NOT_FOUND, `No profile has the id ${JSON.stringify(profileId)}.`);
      const issuer = profileIssuer(profile, deps.mockBaseUrl());
      const client = active ? profileProbeClient(profile) : null;
      const owner = `audit:${newRecordId(deps.random)}:${profileId}`;
      const budget = maxRequests ?? DEFAULT_MAX_REQUESTS;
      const stop = auditCancel();
      cancel = stop.cancel;
      last = null;
      const findings: AuditStatus['findings'] = [];
      const started = { state: 'running', profileId, issuer, active: !!active, historyOwner: owner } as const;
      changed({ ...AUDIT_IDLE, ...started, total: FINDINGS.length, maxRequests: budget });
      running = run({
        issuer,
        maxRequests: budget,
        only: [],
        active: client,
        readOnlySkip: "an active probe: tick Active probes to run it with this profile's client.",
        // The profile's time limit, trusted authorities and self-signed choice, as its flows send.
        send: transportOf(profile),
        hooks: {
          interruptible: stop.interruptible,
          recording: recordingFor(deps, owner, () => changed({ requests: status.requests + 1 })),
        },
        decided: (f) => {
          findings.push(statusFinding(f));
          changed({ decided: findings.length, findings: [...findings] });
        },
      });
      return status;
    },
    auditCancel() {
      if (!cancel) throw new BridgeFailure(AUDIT_ERROR.NONE, 'No audit is running, so there is nothing to cancel.');
      cancel();
      return status;
    },
    auditStatus: () => status,
    auditExport({ format }) {
      if (!last)
        throw new BridgeFailure(AUDIT_ERROR.NONE, 'No finished audit yet: run one to the end, then export it.');
      return auditExport(format, last.result, last.seen);
    },
    async close() {
      cancel?.();
      await running;
    },
  };
}
