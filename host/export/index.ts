/** Exports of signed requests: snapshots, signing code, collections and HAR, for the UI and the CLI. */
export { exportRequest } from './export-request';
export { exportHar } from './har-export';
export { toHar, toHarRequest, toHarTimings, type Har } from './har';
export { describeTarget, EXPORT_TARGETS, findTarget, targetsFor } from './targets';
export { ExportError, type ExportResult, type ExportSource, type OAuth2Source, type RecordedExchange } from './types';
