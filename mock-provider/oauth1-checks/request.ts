import { collectProtocolParameters } from '../oauth1-collect';
import type { OAuth1Endpoint } from './verify-context';
import { refuse, type Check } from './verification';

/** The methods each leg takes: POST for the two token legs (interface §4.1), GET and POST at the sample resource. */
const METHODS: Record<OAuth1Endpoint, readonly string[]> = {
  request_token: ['POST'],
  access_token: ['POST'],
  resource: ['GET', 'POST'],
};

/** RFC 9110 §15.5.6 (https://www.rfc-editor.org/rfc/rfc9110#section-15.5.6): 405 with the methods the leg takes in Allow. */
export const methodAllowed: Check = (v) => {
  const methods = METHODS[v.endpoint];
  if (methods.includes(v.req.method)) return null;
  const advice =
    v.endpoint === 'resource'
      ? `${v.req.method} is not accepted; ${v.req.path} answers ${methods.join(' and ')}.`
      : `${v.req.method} is not accepted here; the service defines POST for this step (interface §4.1).`;
  return refuse({ problem: 'parameter_rejected', advice }, 405, [['Allow', methods.join(', ')]]);
};

/** The requireTls switch: the mock listens on plain http, so with it on every signed request is refused. */
export const tlsRequired: Check = (v) =>
  v.ctx.switches.requireTls
    ? refuse({
        problem: 'parameter_rejected',
        advice:
          'This provider requires TLS for OAuth 1.0a requests (RFC 5849 §2.1, §3.2; switch requireTls) and the request came over plain http.',
      })
    : null;

/** RFC 5849 §3.5 (https://www.rfc-editor.org/rfc/rfc5849#section-3.5): the protocol parameters come from one and only one place, each name once (oauth1-collect.ts). */
export const oneSourcePerParameter: Check = (v) => {
  const collected = collectProtocolParameters(v.req, v.ctx.switches.oauth1HeaderOnly);
  if (!collected.ok) return { report: collected.report, ...(collected.noCredentials ? { noCredentials: true } : {}) };
  v.collected = collected.value;
  return null;
};
