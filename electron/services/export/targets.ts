import { ExportError, type ExportSource } from './types';

/**
 * Every export the app offers, for the UI's menu and `oauth-lab sign --format`. Kinds:
 * - `snapshot`: the exact request, as code (the OAuth 1.0a ones are single-use: their nonce and timestamp are fixed);
 * - `signing-code`: code that signs (OAuth 1.0a) or authorizes and refreshes (OAuth 2) each time it runs;
 * - `collection`: a file other HTTP clients open (Postman, VS Code REST Client / JetBrains HTTP Client);
 * - `har`: HTTP Archive 1.2.
 */
export type ExportKind = 'snapshot' | 'signing-code' | 'collection' | 'har';
type SourceKind = ExportSource['kind'];

export interface ExportTarget {
  readonly id: string;
  readonly label: string;
  /** For syntax highlighting and the menu's grouping. */
  readonly language: string;
  readonly kind: ExportKind;
  /** File name ending, after the request's slug (e.g. `get-api-v1-me.py`). */
  readonly extension: string;
  readonly mediaType: string;
  /** The sources it can express. */
  readonly sources: readonly SourceKind[];
}

const ANY: readonly SourceKind[] = ['oauth1', 'oauth2', 'request'];

const snapshot = (id: string, label: string, language: string, extension: string, mediaType: string): ExportTarget => ({ id, label, language, kind: 'snapshot', extension, mediaType, sources: ANY });

export const EXPORT_TARGETS = [
  snapshot('curl', 'curl', 'shell', '.sh', 'text/x-shellscript'),
  snapshot('httpie', 'HTTPie', 'shell', '.sh', 'text/x-shellscript'),
  snapshot('wget', 'Wget', 'shell', '.sh', 'text/x-shellscript'),
  snapshot('javascript-fetch', 'JavaScript (fetch)', 'javascript', '.mjs', 'text/javascript'),
  snapshot('node-http', 'Node.js (http)', 'javascript', '.cjs', 'text/javascript'),
  snapshot('python-requests', 'Python (requests)', 'python', '.py', 'text/x-python'),
  snapshot('go', 'Go (net/http)', 'go', '.go', 'text/x-go'),
  snapshot('java', 'Java (java.net.http)', 'java', '.java', 'text/x-java'),
  snapshot('php', 'PHP (curl)', 'php', '.php', 'text/x-php'),
  snapshot('ruby', 'Ruby (Net::HTTP)', 'ruby', '.rb', 'text/x-ruby'),
  snapshot('csharp', 'C# (HttpClient)', 'csharp', '.cs', 'text/x-csharp'),
  snapshot('powershell', 'PowerShell (Invoke-WebRequest)', 'powershell', '.ps1', 'text/x-powershell'),
  snapshot('raw-http', 'Raw HTTP', 'http', '.txt', 'message/http'),
  { id: 'python-oauth1', label: 'Python (requests-oauthlib), signs each run', language: 'python', kind: 'signing-code', extension: '.py', mediaType: 'text/x-python', sources: ['oauth1'] },
  { id: 'node-oauth1', label: 'Node.js (node:crypto), signs each run', language: 'javascript', kind: 'signing-code', extension: '.mjs', mediaType: 'text/javascript', sources: ['oauth1'] },
  { id: 'java-oauth1', label: 'Java (java.net.http + javax.crypto), signs each run', language: 'java', kind: 'signing-code', extension: '.java', mediaType: 'text/x-java', sources: ['oauth1'] },
  { id: 'python-oauth2', label: 'Python (requests), bearer with refresh', language: 'python', kind: 'signing-code', extension: '.py', mediaType: 'text/x-python', sources: ['oauth2'] },
  { id: 'node-oauth2', label: 'Node.js (fetch), bearer with refresh', language: 'javascript', kind: 'signing-code', extension: '.mjs', mediaType: 'text/javascript', sources: ['oauth2'] },
  { id: 'postman', label: 'Postman collection v2.1', language: 'json', kind: 'collection', extension: '.postman_collection.json', mediaType: 'application/json', sources: ANY },
  { id: 'http-file', label: '.http file (VS Code REST Client, JetBrains HTTP Client)', language: 'http', kind: 'collection', extension: '.http', mediaType: 'text/plain', sources: ANY },
  { id: 'har', label: 'HAR 1.2', language: 'json', kind: 'har', extension: '.har', mediaType: 'application/json', sources: ANY },
] as const satisfies readonly ExportTarget[];

export type ExportTargetId = (typeof EXPORT_TARGETS)[number]['id'];

const EXPORT_TARGET_IDS: readonly ExportTargetId[] = EXPORT_TARGETS.map((t) => t.id);

/** The targets that can express a source of this kind (what a menu offers for it). */
export function targetsFor(kind: SourceKind): readonly ExportTarget[] {
  return EXPORT_TARGETS.filter((t) => (t.sources as readonly SourceKind[]).includes(kind));
}

export function findTarget(id: string, kind: SourceKind): ExportTarget {
  const target = EXPORT_TARGETS.find((t) => t.id === id);
  if (!target) throw new ExportError('unknown_target', `Unknown export target "${id}"; expected one of ${EXPORT_TARGET_IDS.join(', ')}.`);
  if (!(target.sources as readonly SourceKind[]).includes(kind)) {
    const words = { oauth1: 'an OAuth 1.0a request', oauth2: 'an OAuth 2 bearer request', request: 'a request without OAuth credentials' }[kind];
    throw new ExportError('wrong_source', `${target.label} cannot export ${words}; pick one of ${targetsFor(kind).map((t) => t.id).join(', ')}.`);
  }
  return target;
}
