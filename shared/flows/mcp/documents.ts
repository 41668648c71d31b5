import type { Exchange } from '../../http';
import { readBody } from '../../response-body';
import type { McpChainPorts } from './ports';

/** A metadata document fetched: its members, or null when this URL has none (a 404, an error, not a JSON object). */
export interface FetchedDocument {
  readonly url: string;
  readonly exchange: Exchange;
  readonly document: Readonly<Record<string, unknown>> | null;
}

/** GET one well-known URL; anything but a 2xx JSON object is "not here", shown as such, so the next URL is tried. */
async function fetchDocument(step: string, url: string, ports: McpChainPorts): Promise<FetchedDocument> {
  const exchange = await ports.send(step, { method: 'GET', url, headers: [['Accept', 'application/json']] });
  const { status } = exchange.response;
  const body = readBody(exchange.response);
  const document = status >= 200 && status < 300 && body.format === 'json' ? body.fields : null;
  if (!document) ports.report.line(`(no document here: HTTP ${status}${status < 300 ? `, ${body.format} body` : ''})`);
  return { url, exchange, document };
}

/** The first of the URLs, in order, that has a document; each try shown. */
export async function firstDocument(
  step: string,
  urls: readonly string[],
  ports: McpChainPorts
): Promise<FetchedDocument | null> {
  for (const url of urls) {
    const fetched = await fetchDocument(step, url, ports);
    if (fetched.document) return fetched;
  }
  return null;
}
