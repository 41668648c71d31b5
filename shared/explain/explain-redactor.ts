import type { EntryView } from './entry-view';
import type { Fingerprint } from './fingerprint';
import type { HarFile } from './har-read';
import { collectSecrets, textRedactor } from './redact';

/**
 * The free-text redactor of one explanation: every secret of the file (collectSecrets, the legs' entries by
 * allow-list) replaced by its fingerprint. The CLI's text and JSON, the report and the app show only its output.
 */
export function explanationRedactor(
  har: HarFile,
  views: readonly EntryView[],
  explained: { readonly legs: readonly { readonly entries: readonly number[] }[] },
  fp: Fingerprint
): (text: string) => string {
  const legEntries = new Set(explained.legs.flatMap((l) => l.entries));
  return textRedactor(collectSecrets(har.entries, views, legEntries), fp);
}
