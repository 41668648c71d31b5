import type { TraceStepId } from '../../../shared/oauth1';

/** Trace step ids as the core names them in errors (shared/oauth1/trace.ts), with the titles the walk-through shows. */
const TITLES: Readonly<Record<TraceStepId, string>> = {
  'body-hash': 'Body hash',
  'protocol-parameters': 'Protocol parameters',
  'query-parameters': 'Query parameters',
  'body-parameters': 'Form body parameters',
  'encoded-parameters': 'Percent-encoded names and values',
  'sorted-parameters': 'Sorted parameters',
  'normalized-parameters': 'Normalized parameter string',
  'base-string-uri': 'Base string URI',
  'signature-base-string': 'Signature base string',
  'signing-key': 'Signing key',
  signature: 'Signature',
  'authorization-header': 'Authorization header',
};

const isTraceStep = (step: string): step is TraceStepId => Object.hasOwn(TITLES, step);

/** A step's title; any other step id (a parser's, a leg's: it may come over the bridge) as it is. */
export const stepTitle = (step: string): string => (isTraceStep(step) ? TITLES[step] : step);
