import { finding, type AuditFinding } from '../../../shared/audit/audit-result';
import type { FindingId } from '../../../shared/audit/findings';
import { NotSent } from '../audit-sender';
import type { ProbeContext } from './probe-context';
import { ProbeSkip, type ProbeOutcome } from './probe-kit';
import { errorRedirectProbe, redirectBaseline, redirectProbe } from './redirect-probes';
import { codeLongLivedProbe, codeReuseProbe, codeReuseRevokeProbe } from './code-probes';
import { issInResponseProbe, stateEchoProbe } from './response-probes';
import { secretInQueryProbe, tokenCacheProbe, tokenGetProbe } from './token-endpoint-probes';
import { bearerQueryProbe, refreshReuseProbe } from './token-use-probes';
import {
  codeOtherClientProbe,
  dcrInsecureRedirectProbe,
  dpopRequiredProbe,
  registerProbeClient,
} from './registration-probes';
import { advertisedProbe, parRequiredProbe, requestObjectNoneProbe } from './enforcement-probes';
import { pkceDowngradeProbe, pkceNotRequiredProbe, pkcePlainProbe, pkceVerifierProbe } from './pkce-probes';

type Probe = (ctx: ProbeContext) => Promise<ProbeOutcome>;

/** The probe deciding each active finding (every one has its probe: audit-full.test.ts holds it). */
export const PROBES: Partial<Record<FindingId, Probe>> = {
  'redirect-uri-prefix-match': redirectProbe('redirect-uri-prefix-match'),
  'redirect-uri-query-added': redirectProbe('redirect-uri-query-added'),
  'redirect-uri-other-port': redirectProbe('redirect-uri-other-port'),
  'redirect-uri-other-host': redirectProbe('redirect-uri-other-host'),
  'redirect-uri-scheme-downgrade': redirectProbe('redirect-uri-scheme-downgrade'),
  'error-redirect-unregistered': errorRedirectProbe,
  'pkce-not-required': pkceNotRequiredProbe,
  'pkce-plain-accepted': pkcePlainProbe,
  'pkce-verifier-not-checked': pkceVerifierProbe,
  'pkce-downgrade': pkceDowngradeProbe,
  'code-reuse-accepted': codeReuseProbe,
  'code-reuse-tokens-not-revoked': codeReuseRevokeProbe,
  'code-long-lived': codeLongLivedProbe,
  'code-other-client': codeOtherClientProbe,
  'refresh-reuse-not-detected': refreshReuseProbe,
  'state-not-echoed': stateEchoProbe,
  'iss-missing-in-response': issInResponseProbe,
  'client-secret-in-query-accepted': secretInQueryProbe,
  'token-endpoint-get-accepted': tokenGetProbe,
  'token-response-cacheable': tokenCacheProbe,
  'bearer-in-query-accepted': bearerQueryProbe,
  'request-object-none-accepted': requestObjectNoneProbe,
  'par-required-not-enforced': parRequiredProbe,
  'dpop-required-not-enforced': dpopRequiredProbe,
  'advertised-not-enforced': advertisedProbe,
  'dcr-insecure-redirect-accepted': dcrInsecureRedirectProbe,
};

const REDIRECT_FINDINGS: readonly FindingId[] = [
  'redirect-uri-prefix-match',
  'redirect-uri-query-added',
  'redirect-uri-other-port',
  'redirect-uri-other-host',
  'redirect-uri-scheme-downgrade',
];

/** A probe's outcome as its finding; a skip, a request not sent or a failed connection is skipped with the reason. */
async function decide(id: FindingId, probe: Probe, ctx: ProbeContext): Promise<AuditFinding> {
  try {
    const o = await probe(ctx);
    return finding(id, o.found ? 'found' : 'not-found', [...o.evidence, `reproduce: ${o.reproduce}`]);
  } catch (e) {
    if (e instanceof ProbeSkip || e instanceof NotSent) return finding(id, 'skipped', [e.message]);
    return finding(id, 'skipped', [`the probe could not finish: ${(e as Error).message}`]);
  }
}

/** Each active finding asked for, decided by its probe, one after the other (each counts against the budget). */
export async function runProbes(
  ids: readonly FindingId[],
  given: ProbeContext,
  decided: (finding: AuditFinding) => void = () => {}
): Promise<AuditFinding[]> {
  let ctx = given;
  if (ctx.client.clientId === null && ids.length)
    try {
      ctx = { ...ctx, client: await registerProbeClient(ctx) };
    } catch (e) {
      const skipped = ids.map((id) => finding(id, 'skipped', [(e as Error).message]));
      skipped.forEach(decided);
      return skipped;
    }
  let baseline: string | null = null;
  if (ids.some((id) => REDIRECT_FINDINGS.includes(id)))
    try {
      baseline = await redirectBaseline(ctx);
    } catch (e) {
      baseline = (e as Error).message;
    }
  const out: AuditFinding[] = [];
  for (const id of ids) {
    const probe = PROBES[id];
    if (!probe) throw new Error(`no probe decides ${id}`);
    const f =
      baseline !== null && REDIRECT_FINDINGS.includes(id)
        ? finding(id, 'skipped', [baseline])
        : await decide(id, probe, ctx);
    out.push(f);
    decided(f);
  }
  return out;
}
