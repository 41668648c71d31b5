/** Trace step ids as the core names them in errors (shared/oauth1/trace.ts), with the titles the walk-through shows. */
const TITLES: Readonly<Record<string, string>> = {
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

export const stepTitle = (step: string): string => TITLES[step] ?? step;
