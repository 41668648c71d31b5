import { finding, type AuditFinding, type AuditResult } from '../../shared/audit/audit-result';
import { FINDINGS, type FindingId } from '../../shared/audit/findings';
import type { RawSeen } from '../../shared/grade/grade-report';
import type { SendOptions } from '../../platform/node/transport';
import { auditSender, type AuditHooks } from './audit-sender';
import { readMetadata } from './read-metadata';
import type { ProbeClient } from './probes/probe-context';
import { runProbes } from './probes/run-probes';

export interface AuditOptions {
  readonly issuer: string;
  readonly maxRequests: number;
  /** The findings asked for (--only); all when empty. */
  readonly only: readonly FindingId[];
  /** Protected resources whose metadata (RFC 9728) is read too (--resource). */
  readonly resources?: readonly string[];
  /** The probes' client and login (--active); null to read only. */
  readonly active: ProbeClient | null;
  readonly send: SendOptions;
  /** The host's cancel (the CLI's Ctrl-C, the app's *Cancel*) and, in the app, the History. */
  readonly hooks: AuditHooks;
  /** Why an active finding is skipped without the probes, in the caller's words (the CLI's: --active). */
  readonly readOnlySkip?: string;
  /** Hears each finding as it is decided, the read-only ones first (the app's progress). */
  readonly decided?: (finding: AuditFinding) => void;
}

const READ_ONLY_SKIP = 'an active probe: run with --active and a client you own.';

/** The read-only findings, then (with --active) the probes, each kept only when --only asks for it. */
export async function runAudit(o: AuditOptions): Promise<{ result: AuditResult; seen: readonly RawSeen[] }> {
  const sender = auditSender(o.issuer, o.maxRequests, o.send, o.hooks);
  const wanted = (id: FindingId) => o.only.length === 0 || o.only.includes(id);
  const read = await readMetadata(o.issuer, sender, o.resources).finally(sender.stopIfInterrupted);
  const decided = o.decided ?? (() => {});
  read.findings.filter((f) => wanted(f.id)).forEach(decided);
  const activeWanted = FINDINGS.filter((f) => f.active && wanted(f.id)).map((f) => f.id);
  const active: AuditFinding[] = o.active
    ? await runProbes(activeWanted, { sender, metadata: read.metadata, issuer: o.issuer, client: o.active }, decided)
    : activeWanted.map((id) => finding(id, 'skipped', [o.readOnlySkip ?? READ_ONLY_SKIP]));
  if (!o.active) active.forEach(decided);
  sender.stopIfInterrupted();
  const findings = [...read.findings.filter((f) => wanted(f.id)), ...active];
  return { result: { issuer: o.issuer, findings, probes: sender.count() }, seen: sender.seen };
}
