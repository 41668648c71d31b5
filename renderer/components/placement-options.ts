import { PARAM_SOURCES, type ParamSource } from '../../shared/oauth1/parameters';

const LABELS: Record<ParamSource, string> = {
  header: 'Authorization header',
  query: 'Query string',
  body: 'Form body',
};

/** Where the protocol parameters travel (RFC 5849 §3.5), as every "Parameters in" menu offers them, in this order. */
export const PLACEMENT_OPTIONS = PARAM_SOURCES.map((p) => [p, LABELS[p]] as const);
