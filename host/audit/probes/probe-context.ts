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

/** What every probe is given: the one sender, the metadata read, and the client (its id known by now). */
export interface ProbeContext {
  readonly sender: AuditSender;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly issuer: string;
  readonly client: ProbeClient;
}
