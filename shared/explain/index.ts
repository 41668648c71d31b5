export { CAUSE_IDS, type CauseId } from './cause-ids';
export type { Cause } from './candidates';
export { explainHar, type Explanation, type ExplainedLeg } from './explain';
export { readHar, HarReadError } from './har-read';
