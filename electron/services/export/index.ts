/** Exports of signed requests: snapshots, signing code, collections and HAR, for the UI and the CLI. */
export { exportHar, exportRequest, exactRequest } from './export-request';
export { toHar, toHarEntry, toHarRequest, toHarResponse, toHarTimings, type Har, type HarEntry, type HarInput, type HarRequest, type HarResponse } from './har';
export { placeholderFor } from './secrets';
export { EXPORT_TARGET_IDS, EXPORT_TARGETS, findTarget, isExportTargetId, targetsFor, type ExportKind, type ExportTarget, type ExportTargetId } from './targets';
export { ExportError, type ExportInput, type ExportResult, type ExportSource, type KnownSecret, type OAuth1Source, type OAuth2Source, type RecordedExchange, type RequestSource, type SecretName } from './types';
