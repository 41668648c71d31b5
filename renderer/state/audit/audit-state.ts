import type { MethodOutput } from '../../../shared/bridge/contract';
import type { BridgeResult } from '../../../shared/bridge/result';
import type { AuditStatus, AuditStatusFinding } from '../../../shared/bridge/schemas/audit';

/** The *Audit* section of a profile: the audit as the host last said, the choices to start one, what failed. */
export interface AuditState {
  readonly status: AuditStatus;
  /** *Active probes* ticked: the probes run through the profile's client (read only otherwise). */
  readonly active: boolean;
  /** As typed: the most requests the audit may send (the CLI's --max-requests). */
  readonly maxRequestsText: string;
  /** A start or a cancel on its way: the buttons wait for it. */
  readonly busy: 'starting' | 'cancelling' | null;
  /** The last refusal, in words (bad input, a profile with no issuer, a second start). */
  readonly error: string | null;
  pageOpened(): Promise<void>;
  activeToggled(active: boolean): void;
  maxRequestsEdited(text: string): void;
  startRequested(profileId: string): Promise<void>;
  cancelRequested(): Promise<void>;
  /** Show in History: the History opens on this audit's exchanges, the finding's evidence as the cause. */
  historyRequested(finding: AuditStatusFinding): void;
  exportRequested(format: 'html' | 'sarif'): Promise<BridgeResult<MethodOutput<'auditExport'>>>;
  errorDismissed(): void;
}
