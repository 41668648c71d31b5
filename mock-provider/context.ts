import type { CryptoPort } from '../shared/ports';
import type { ProblemReport } from '../shared/oauth1/problems';
import type { MockClock } from './clock';
import type { Lifetimes, ProviderConfig, Switches } from './config';
import { oauth1Problem } from './errors';
import type { EventHub } from './events';
import type { Handled } from './handled';
import type { Verdict } from './provider-event';
import type { VerifyContext } from './oauth1-checks/verify-context';
import type { SignatureFindings } from './oauth1-signature-report';
import type { ProviderState } from './state';

/** Everything a handler may use. Lifetimes and switches are read on every request, so admin changes apply at once. */
export interface ProviderContext {
  readonly config: ProviderConfig;
  settings: { lifetimes: Lifetimes; switches: Switches };
  readonly state: ProviderState;
  readonly clock: MockClock;
  readonly crypto: CryptoPort;
  readonly events: EventHub;
  /** `http://127.0.0.1:PORT`, the issuer and the base of every path. */
  readonly baseUrl: () => string;
  readonly listenAuthority: () => string;
  /** `https://127.0.0.1:PORT`, the mutual-TLS port (RFC 8705), or null when the mock opened none. */
  readonly mtlsBaseUrl: () => string | null;
  /** Approve every authorization as this user without showing the login page (`--auto-login`). */
  autoLoginUser: string | null;
  /** At the token endpoint: the thumbprint of the request's verified DPoP proof, to bind the issued tokens to (RFC 9449 §5). */
  readonly dpopJkt?: string;
}

export type { Handled } from './handled';

export const verifyContext = (ctx: ProviderContext): VerifyContext => ({
  consumers: ctx.config.oauth1.consumers,
  switches: ctx.settings.switches,
  state: ctx.state,
  crypto: ctx.crypto,
  listenAuthority: ctx.listenAuthority(),
  baseUrl: ctx.baseUrl,
});

export function problemHandled(
  ctx: ProviderContext,
  endpoint: string,
  report: ProblemReport,
  signature: SignatureFindings | null = null,
  status?: number,
  headers: [string, string][] = []
): Handled {
  return {
    endpoint,
    reply: oauth1Problem(ctx.config.realm, report, status, headers),
    verdict: { ok: false, reason: report.problem, message: report.advice },
    signature,
  };
}

export const ok = (message: string): Verdict => ({ ok: true, reason: 'ok', message });
export const refused = (reason: string, message: string): Verdict => ({ ok: false, reason, message });
