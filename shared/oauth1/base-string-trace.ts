import { signatureBaseString } from './base-string';
import { encodeParameters, isSignedParameter, normalizedParameterString, sortParameters } from './normalize';
import type { ParamSource } from './parameters';
import type { Param } from '../url-encoded';
import type { ParameterPlacement, TraceParam, TraceStep } from './trace-step';

/** Each pair beside its §3.4.1.3.2 (1) encoding, with where it came from. */
function traced(pairs: readonly Param[], source: ParamSource, offset: number): TraceParam[] {
  return encodeParameters(pairs).map(([encodedName, encodedValue], i) => ({
    name: pairs[i]![0],
    value: pairs[i]![1],
    source,
    encodedName,
    encodedValue,
    index: offset + i,
  }));
}

const encodedPairOf = (p: TraceParam): Param => [p.encodedName, p.encodedValue];

/** The parameters a base string is built from, as collected (RFC 5849 §3.4.1.3.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.3.1)). */
export interface CollectedParameters {
  /** The protocol parameters (oauth_signature may be among them: it is collected, never signed). */
  readonly protocol: readonly Param[];
  /** Where the protocol parameters travelled. */
  readonly placement: ParameterPlacement;
  readonly query: readonly Param[];
  /** The form body's parameters; none when the body is not application/x-www-form-urlencoded. */
  readonly body: readonly Param[];
}

/** §3.4.1 step by step, as far as the signature base string: what the client signs and the server rebuilds. */
export interface BaseStringTrace {
  /** protocol-parameters through signature-base-string, in computation order. */
  readonly steps: readonly TraceStep[];
  readonly params: readonly TraceParam[];
  readonly sortedParams: readonly TraceParam[];
  readonly normalizedParameters: string;
  readonly baseStringUri: string;
  readonly baseString: string;
}

/**
 * §3.4.1 from collected parameters and the base string URI (§3.4.1.2, already built): §3.4.1.3.2 (1) encoding, (2)
 * the sort, oauth_signature left out (§3.4.1.3.1), (3-4) the normalized string, then §3.4.1.1 the base string.
 */
export function traceBaseString(method: string, uri: string, collected: CollectedParameters): BaseStringTrace {
  const protocol = traced(
    collected.protocol.filter(([n]) => isSignedParameter(n)),
    collected.placement,
    0
  );
  const query = traced(collected.query, 'query', protocol.length);
  const body = traced(collected.body, 'body', protocol.length + query.length);
  const params = [...protocol, ...query, ...body];
  const sortedParams = sortParameters(
    params.filter((p) => isSignedParameter(p.name)),
    encodedPairOf
  );
  const normalized = normalizedParameterString(sortedParams.map(encodedPairOf));
  const baseString = signatureBaseString(method, uri, normalized);
  const steps: TraceStep[] = [
    {
      id: 'protocol-parameters',
      title: 'Protocol parameters',
      section: 'RFC 5849 §3.1',
      kind: 'params',
      params: protocol,
    },
    {
      id: 'query-parameters',
      title: 'Query parameters',
      section: 'RFC 5849 §3.4.1.3.1',
      kind: 'params',
      params: query,
    },
    {
      id: 'body-parameters',
      title: 'Form body parameters',
      section: 'RFC 5849 §3.4.1.3.1',
      kind: 'params',
      params: body,
    },
    {
      id: 'encoded-parameters',
      title: 'Percent-encoded names and values',
      section: 'RFC 5849 §3.4.1.3.2 (1), §3.6',
      kind: 'params',
      params,
    },
    {
      id: 'sorted-parameters',
      title: 'Sorted by name, then value (byte order), oauth_signature left out',
      section: 'RFC 5849 §3.4.1.3.2 (2)',
      kind: 'params',
      params: sortedParams,
    },
    {
      id: 'normalized-parameters',
      title: 'Normalized parameter string',
      section: 'RFC 5849 §3.4.1.3.2 (3–4)',
      kind: 'text',
      text: normalized,
    },
    { id: 'base-string-uri', title: 'Base string URI', section: 'RFC 5849 §3.4.1.2', kind: 'text', text: uri },
    {
      id: 'signature-base-string',
      title: 'Signature base string',
      section: 'RFC 5849 §3.4.1.1',
      kind: 'text',
      text: baseString,
    },
  ];
  return { steps, params, sortedParams, normalizedParameters: normalized, baseStringUri: uri, baseString };
}
