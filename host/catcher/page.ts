import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { escapeHtml } from '../../shared/html';
import type { Check } from '../../shared/check';
import type { ProviderError } from './types';

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1b1b1b}' +
  'h1{font-size:1.4rem}.ok{color:#0a6b2f}.bad{color:#a4161a}code{font-family:monospace;word-break:break-all}';
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/**
 * The security headers of every catcher answer (provider-cases.md CB-PAGE): nothing loads, nothing runs, the URL
 * with the code is neither cached nor sent as a Referer. The one inline style is allowed by its hash.
 */
const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  Pragma: 'no-cache',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  Connection: 'close',
};

export interface PageContent {
  readonly title: string;
  /** Whether the flow may continue; decides the colour of the heading. */
  readonly good: boolean;
  readonly paragraphs: readonly string[];
  /** Only names and results are shown: messages may hold expected values that a stray visitor must not learn. */
  readonly checks?: readonly Pick<Check, 'name' | 'ok'>[];
  readonly providerError?: ProviderError | null;
}

function errorBlock(e: ProviderError): string {
  const rows: [string, string | null][] = [
    [e.source, e.error],
    [e.source === 'oauth_problem' ? 'oauth_problem_advice' : 'error_description', e.description],
    ['error_uri', e.uri],
  ];
  const items = rows
    .filter((r): r is [string, string] => r[1] !== null)
    .map(([k, v]) => `<li>${escapeHtml(k)}: <code>${escapeHtml(v)}</code></li>`);
  return `<p>The provider answered with:</p><ul>${items.join('')}</ul>`;
}

/** A small self-contained page: no scripts, no external resources, every received value escaped. */
function renderPage(c: PageContent): string {
  const checks = c.checks?.length
    ? `<ul>${c.checks.map((k) => `<li class="${k.ok ? 'ok' : 'bad'}">${k.ok ? 'Passed' : 'Failed'}: ${escapeHtml(k.name)}</li>`).join('')}</ul>`
    : '';
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<meta name="referrer" content="no-referrer"><title>OAuth Lab: ${escapeHtml(c.title)}</title><style>${STYLE}</style></head>` +
    `<body><main><h1 class="${c.good ? 'ok' : 'bad'}">${escapeHtml(c.title)}</h1>` +
    c.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    (c.providerError ? errorBlock(c.providerError) : '') +
    checks +
    '</main></body></html>'
  );
}

export function sendPage(
  res: ServerResponse,
  status: number,
  content: PageContent,
  extraHeaders: Record<string, string> = {}
): void {
  const body = renderPage(content);
  res.writeHead(status, { ...PAGE_HEADERS, ...extraHeaders, 'Content-Length': String(Buffer.byteLength(body)) });
  res.end(body);
}
