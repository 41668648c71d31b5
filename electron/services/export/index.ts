/** Exports of signed requests: snapshots, signing code, collections and HAR, for the UI and the CLI. */
export { exportRequest, exactRequest } from './export-request';
export type { ExportKind, ExportTarget, RenderInput, Rendered } from './export-target';
export { exportHar } from './har-export';
export { toHar, toHarEntry, toHarRequest, toHarResponse, toHarTimings, type Har, type HarEntry, type HarInput, type HarRequest, type HarResponse } from './har';
export { placeholderFor } from './secrets';
export { describeTarget, EXPORT_TARGETS, findTarget, targetsFor } from './targets';
export { ExportError, type ExportInput, type ExportResult, type ExportSource, type KnownSecret, type OAuth1Source, type OAuth2Source, type RecordedExchange, type RequestSource, type SecretName } from './types';
