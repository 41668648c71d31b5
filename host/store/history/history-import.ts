import type { HistoryEntry } from '../../../shared/store/history';
import { explainHar } from '../../../shared/explain/explain';
import { fingerprinter } from '../../../shared/explain/fingerprint';
import { HarReadError, readHar, type HarFileEntry } from '../../../shared/explain/har-read';
import type { LegKind } from '../../../shared/explain/legs';
import type { Exchange } from '../../../shared/http';
import { nodeCrypto, nodeRandom } from '../../../platform/node/node-crypto';
import { invalidInput } from '../backend';

/** The History page's leg names (renderer/features/history/format.ts) for the explainer's leg kinds. */
const LEG_NAMES: Readonly<Record<LegKind, string>> = {
  pushed: 'par',
  authorization: 'authorize',
  token: 'token',
  refresh: 'refresh',
  grant: 'grant',
  revocation: 'revocation',
  introspection: 'introspection',
  resource: 'api',
  discovery: 'discovery',
  jwks: 'jwks',
};

/** A HAR entry as the history keeps an exchange; HTTP/2 pseudo-headers (`:authority`) are not header fields. */
function exchangeOf(e: HarFileEntry): Exchange {
  const headers = (list: HarFileEntry['request']['headers']) =>
    list.filter((h) => !h.name.startsWith(':')).map((h) => [h.name, h.value] as const);
  const bodyText = e.response.content?.encoding === 'base64' ? '' : (e.response.content?.text ?? '');
  const body = e.request.postData?.text;
  return {
    request: {
      method: e.request.method,
      url: e.request.url,
      headers: headers(e.request.headers),
      ...(body ? { body } : {}),
    },
    response: {
      status: e.response.status,
      statusText: '',
      headers: headers(e.response.headers),
      bodyText,
      bodySize: bodyText.length,
    },
    timings: { connect: null, tls: null, firstByte: null, total: Math.max(0, e.time ?? 0) },
    startedAt: Math.max(0, Date.parse(e.startedDateTime) || 0),
  };
}

/**
 * The history entries of a HAR file's OAuth legs: each entry of each leg, marked with the file's
 * name, its outcome the leg's, a failed leg's summary naming its most likely cause. Not HAR: invalid_input.
 */
export function harHistoryEntries(
  fileName: string,
  text: string,
  newId: () => string,
  onProgress?: (done: number, total: number) => void
): { entries: HistoryEntry[]; legs: number } {
  let har;
  try {
    har = readHar(text);
  } catch (e) {
    if (e instanceof HarReadError) throw invalidInput(`har: ${fileName} ${e.message}`);
    throw e;
  }
  const explained = explainHar(
    har,
    nodeCrypto,
    fingerprinter(nodeCrypto, nodeRandom),
    onProgress ? { onProgress } : {}
  );
  // Each leg's most likely cause (the first listed), looked up once: a find per leg was quadratic in a large file.
  const causeOf = new Map<number, (typeof explained.causes)[number]>();
  for (const c of explained.causes) if (!causeOf.has(c.leg)) causeOf.set(c.leg, c);
  const entries = explained.legs.flatMap((leg, l) => {
    const cause = causeOf.get(l);
    return leg.entries.map((i): HistoryEntry => {
      const exchange = exchangeOf(har.entries[i]!);
      const said = `${exchange.request.method} ${exchange.request.url.split('?')[0]} → ${exchange.response.status}`;
      return {
        id: newId(),
        profileId: '',
        flow: 'oauth2',
        leg: LEG_NAMES[leg.kind],
        outcome: leg.ok ? 'succeeded' : 'failed',
        summary:
          `Imported from ${fileName}, entry ${i}: ${said}${cause ? (cause.id === 'unknown' ? '; no cause found in the file' : `; most likely ${cause.id} (${cause.rfc})`) : ''}`.slice(
            0,
            2000
          ),
        at: exchange.startedAt,
        exchange,
        imported: fileName,
      };
    });
  });
  return { entries, legs: explained.legs.length };
}
