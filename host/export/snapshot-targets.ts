import { ANY_SOURCE, singleUseNotes, type ExportTarget } from './export-target';
import { withLeadingComment } from './single-use';
import { snippetOf } from './snapshot';
import type { SnippetTargetId } from './snapshot-clients';

/**
 * A snapshot written by httpsnippet (snapshot.ts maps the id to its client): the exact request as code, with the
 * single-use warning on top in the language's comment syntax and beside the text.
 */
export function snapshotTarget(
  id: SnippetTargetId,
  label: string,
  language: string,
  extension: string,
  mediaType: string,
  filename?: string
): ExportTarget {
  return {
    id,
    label,
    language,
    kind: 'snapshot',
    extension,
    mediaType,
    sources: ANY_SOURCE,
    secretPlaceholders: 'code',
    ...(filename ? { filename } : {}),
    render: (input) => ({
      text: withLeadingComment(snippetOf(id, input.request()), language, input.singleUse ?? []),
      notes: singleUseNotes(input),
    }),
  };
}
