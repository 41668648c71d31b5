import { harTarget } from './har-export';
import { httpFileTarget } from './http-file';
import { javaOAuth1Target } from './oauth1-java';
import { nodeOAuth1Target } from './oauth1-node';
import { pythonOAuth1Target } from './oauth1-python';
import { nodeOAuth2Target } from './oauth2-node';
import { pythonOAuth2Target } from './oauth2-python';
import { postmanTarget } from './postman';
import { rawHttpTarget } from './raw-http';
import { snapshotTarget } from './snapshot-targets';
import { SOURCE_WORDS, type ExportTarget, type SourceKind } from './export-target';
import { ExportError } from './types';

/**
 * Every export the app offers, for the UI's menu and `oauth-lab sign --format`, in the menu's order. A target is
 * one record with its own render function (export-target.ts): adding one is its module and a line here.
 */
export const EXPORT_TARGETS: readonly ExportTarget[] = [
  snapshotTarget('curl', 'curl', 'shell', '.sh', 'text/x-shellscript'),
  snapshotTarget('httpie', 'HTTPie', 'shell', '.sh', 'text/x-shellscript'),
  snapshotTarget('wget', 'Wget', 'shell', '.sh', 'text/x-shellscript'),
  snapshotTarget('javascript-fetch', 'JavaScript (fetch)', 'javascript', '.mjs', 'text/javascript'),
  snapshotTarget('node-http', 'Node.js (http)', 'javascript', '.cjs', 'text/javascript'),
  snapshotTarget('python-requests', 'Python (requests)', 'python', '.py', 'text/x-python'),
  snapshotTarget('go', 'Go (net/http)', 'go', '.go', 'text/x-go'),
  snapshotTarget('java', 'Java (java.net.http)', 'java', '.java', 'text/x-java', 'OAuthLabRequest.java'),
  snapshotTarget('php', 'PHP (curl)', 'php', '.php', 'text/x-php'),
  snapshotTarget('ruby', 'Ruby (Net::HTTP)', 'ruby', '.rb', 'text/x-ruby'),
  snapshotTarget('csharp', 'C# (HttpClient)', 'csharp', '.cs', 'text/x-csharp'),
  snapshotTarget('powershell', 'PowerShell (Invoke-WebRequest)', 'powershell', '.ps1', 'text/x-powershell'),
  rawHttpTarget,
  pythonOAuth1Target,
  nodeOAuth1Target,
  javaOAuth1Target,
  pythonOAuth2Target,
  nodeOAuth2Target,
  postmanTarget,
  httpFileTarget,
  harTarget,
];

/** A target as the bridge lists it (exportTargetSchema): plain data, without its render function. */
export const describeTarget = ({ id, label, language, kind, extension, mediaType, sources }: ExportTarget) => ({
  id,
  label,
  language,
  kind,
  extension,
  mediaType,
  sources,
});

/** The targets that can express a source of this kind (what a menu offers for it). */
export function targetsFor(kind: SourceKind): readonly ExportTarget[] {
  return EXPORT_TARGETS.filter((t) => t.sources.includes(kind));
}

export function findTarget(id: string, kind: SourceKind): ExportTarget {
  const target = EXPORT_TARGETS.find((t) => t.id === id);
  if (!target)
    throw new ExportError(
      'unknown_target',
      `Unknown export target "${id}"; expected one of ${EXPORT_TARGETS.map((t) => t.id).join(', ')}.`
    );
  if (!target.sources.includes(kind))
    throw new ExportError(
      'wrong_source',
      `${target.label} cannot export ${SOURCE_WORDS[kind]}; pick one of ${targetsFor(kind)
        .map((t) => t.id)
        .join(', ')}.`
    );
  return target;
}
