import { requestCode } from './code-kit';
import type { ProbeContext } from './probe-context';
import { ProbeSkip, reproduction, type ProbeOutcome } from './probe-kit';

/** RFC 6749 §4.1.2: the authorization response carries the state exactly as sent. */
export async function stateEchoProbe(ctx: ProbeContext): Promise<ProbeOutcome> {
  const a = await requestCode(ctx, 'S256');
  const back = a.stateBack === null ? 'no state' : a.stateBack === a.stateSent ? 'the same state' : 'another state';
  return {
    found: a.stateBack !== a.stateSent,
    evidence: [`authorization request with a state: the redirect carried ${back}`],
    reproduce: reproduction(a.answer.request, []),
  };
}

/** RFC 9207 §2: a server that advertises authorization_response_iss_parameter_supported sends iss in every response. */
export async function issInResponseProbe(ctx: ProbeContext): Promise<ProbeOutcome> {
  if (ctx.metadata.authorization_response_iss_parameter_supported !== true)
    throw new ProbeSkip(
      'the metadata does not advertise authorization_response_iss_parameter_supported (that is metadata-no-iss-parameter).'
    );
  const a = await requestCode(ctx, 'S256');
  return {
    found: a.issBack === null,
    evidence: [
      `authorization_response_iss_parameter_supported is true; the redirect carried ${a.issBack === null ? 'no iss' : `iss ${JSON.stringify(a.issBack)}`}`,
    ],
    reproduce: reproduction(a.answer.request, []),
  };
}
