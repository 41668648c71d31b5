import { send, TransportError, type SendOptions } from '../transport';

/** GETs a JSON document (discovery, JWKS) through the app's transport; any failure is an Error saying what went wrong. */
export async function fetchJson(url: string, options: SendOptions = {}): Promise<unknown> {
  let exchange;
  try {
    exchange = await send({ method: 'GET', url, headers: [['Accept', 'application/json']] }, options);
  } catch (e) {
    if (e instanceof TransportError) throw new Error(e.message, { cause: e });
    throw e;
  }
  const { status, statusText, bodyText } = exchange.response;
  if (status !== 200) throw new Error(`HTTP ${status} ${statusText}`.trim());
  try {
    return JSON.parse(bodyText);
  } catch {
    throw new Error('the body is not JSON');
  }
}
