import type { DpopClient } from '../../../shared/dpop/dpop-client';
import { dpopTokenChecks } from '../../../shared/dpop/token-checks';
import { unmadeDpopMistake } from '../dpop-flags';
import type { CliIO } from '../io';
import { printTokens } from './print-tokens';
import { FlowReport, flowFailed } from './report';

/**
 * The end of a one-request grant's flow (`flow client-credentials`, `flow device`, `flow <grant>`): the token asked
 * for, its DPoP binding checked, the token printed; the exit code (1 when it failed or a planted DPoP mistake was
 * never made).
 */
export async function machineTokenOutcome(
  obtain: () => Promise<{ readonly fields: Readonly<Record<string, unknown>> }>,
  command: string,
  io: CliIO,
  report: FlowReport,
  dpop: { readonly client: DpopClient; readonly thumbprint: string } | null,
  json: boolean
): Promise<number> {
  try {
    const token = await obtain();
    // RFC 9449 §5: a token asked for with a proof must come back bound to its key.
    if (dpop) report.checks(dpopTokenChecks(token.fields, dpop.thumbprint));
    printTokens(io.stdout, token.fields, json ? 'json' : 'lines', dpop?.thumbprint ?? null);
  } catch (e) {
    return flowFailed(e, command, io.stderr, report);
  }
  report.blank();
  const unmade = unmadeDpopMistake(dpop);
  if (unmade) {
    report.line(unmade);
    return 1;
  }
  report.line('Flow completed.');
  return 0;
}
