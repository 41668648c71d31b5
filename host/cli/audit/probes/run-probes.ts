import { finding, type AuditFinding } from '../../../../shared/audit/audit-result';
import type { FindingId } from '../../../../shared/audit/findings';
import type { AuditSender } from '../audit-sender';

/** The client the probes use (--client-id or --register) and how a login is had. */
export interface ProbeClient {
  readonly clientId: string | null;
  readonly clientSecret: string | null;
  readonly clientAuth: 'client_secret_basic' | 'client_secret_post';
  readonly redirectUri: string;
  readonly register: boolean;
  /** The issuer approves at once (--auto-login), a login form is filled (--user), or no login can be had. */
  readonly login:
    { readonly kind: 'auto' } | { readonly kind: 'form'; readonly user: string; readonly password: string } | null;
}

export interface ProbeContext {
  readonly sender: AuditSender;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly issuer: string;
  readonly client: ProbeClient;
}

/** Each active finding asked for, decided by its probe. */
export async function runProbes(ids: readonly FindingId[], _ctx: ProbeContext): Promise<AuditFinding[]> {
  return ids.map((id) => finding(id, 'skipped', ['this probe is not built yet.']));
}
