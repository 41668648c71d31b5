import type { RawRequest } from '../../shared/http';
import { ANY_SOURCE, type ExportTarget } from './export-target';
import { toHar, toHarRequest, UNSENT_RESPONSE, type HarInput } from './har';
import { secretTags } from './secret-tags';
import { Secrets } from './secrets';
import type { ExportResult, KnownSecret, RecordedExchange } from './types';

function secretsExchange(e: RecordedExchange, secrets: Secrets): RecordedExchange {
  return { ...e, request: secrets.request(e.request), response: secrets.response(e.response) };
}

/** One request as HAR: its exchange when it was sent, else the request with an unsent response (status 0). */
function harText(entries: HarInput[] | null, request: RawRequest, appVersion?: string): string {
  const har = entries
    ? toHar(entries, { ...(appVersion ? { appVersion } : {}) })
    : {
        log: {
          version: '1.2' as const,
          creator: { name: 'OAuth Lab', version: appVersion ?? 'unknown' },
          entries: [
            {
              startedDateTime: new Date().toISOString(),
              time: 0,
              request: toHarRequest(request),
              response: UNSENT_RESPONSE,
              cache: {},
              timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: 0, receive: 0 },
            },
          ],
        },
      };
  return `${JSON.stringify(har, null, 2)}\n`;
}

export const harTarget: ExportTarget = {
  id: 'har',
  label: 'HAR 1.2',
  language: 'json',
  kind: 'har',
  extension: '.har',
  mediaType: 'application/json',
  sources: ANY_SOURCE,
  secretPlaceholders: 'code',
  render: ({ exchange, request, secrets, appVersion }) => ({
    text: harText(exchange ? [{ exchange: secretsExchange(exchange, secrets) }] : null, request(), appVersion),
  }),
};

/**
 * The history (or any list of exchanges) as one HAR file, secrets left out unless included. Each value left out
 * reads its own placeholder (`YOUR_AUTHORIZATION_CODE_<tag>`, secret-tags.ts): one placeholder for every code
 * would make every later exchange look like a code sent again.
 */
export function exportHar(options: {
  readonly entries: readonly HarInput[];
  readonly includeSecrets?: boolean;
  readonly secrets?: readonly KnownSecret[];
  readonly appVersion?: string;
  readonly filename?: string;
}): ExportResult {
  const secrets = new Secrets(!!options.includeSecrets, 'code', options.secrets ?? [], secretTags());
  const entries = options.entries.map((e) =>
    'exchange' in e
      ? { exchange: secretsExchange(e.exchange, secrets), ...(e.comment ? { comment: e.comment } : {}) }
      : { exchange: secretsExchange(e, secrets) }
  );
  const text = `${JSON.stringify(toHar(entries, { ...(options.appVersion ? { appVersion: options.appVersion } : {}) }), null, 2)}\n`;
  const notes = secrets.placeholders.length
    ? [
        `Secrets are left out; they read ${secrets.placeholderNames.map((n) => `${n}_…`).join(', ')}, one placeholder per value (the same value, the same placeholder, in this file).`,
      ]
    : [];
  return {
    target: 'har',
    filename: options.filename ?? 'oauth-lab-history.har',
    mediaType: 'application/json',
    text,
    secretsIncluded: secrets.include,
    placeholders: secrets.placeholders,
    notes,
  };
}
