import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BridgeHandlers } from '../../shared/bridge/api';
import { dispatch } from '../../shared/bridge/dispatch';
import { BODY_LIMIT, readBody } from './request-body';
import { sendError, sendJson, WEB_ERROR } from './respond';
import { CONTRACT_ERROR } from '../../shared/bridge/result';

/**
 * `POST /api/call/<method>`: the body is the method's input as JSON (empty for none), the answer is always 200
 * with the BridgeResult, exactly as the IPC transport gives it. Only problems with the HTTP request itself
 * (wrong method, type, size, unparsable JSON) get other statuses, still as `{ok:false, error}`.
 */
export async function handleCall(
  handlers: BridgeHandlers,
  req: IncomingMessage,
  res: ServerResponse,
  encodedName: string,
  bodyLimit: number = BODY_LIMIT
): Promise<void> {
  if (req.method !== 'POST') {
    req.resume();
    return sendError(res, 405, WEB_ERROR.METHOD_NOT_ALLOWED, 'Bridge methods are called with POST and a JSON body.', {
      Allow: 'POST',
    });
  }
  // JSON only: with its Origin checks this keeps HTML forms (which cannot send application/json) out as well.
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    req.resume();
    return sendError(
      res,
      415,
      WEB_ERROR.UNSUPPORTED_MEDIA_TYPE,
      `Bridge calls take Content-Type: application/json, not ${type ? JSON.stringify(type) : 'none'}.`
    );
  }
  const read = await readBody(req, bodyLimit);
  if (!read.ok) {
    if ('tooLarge' in read)
      sendError(res, 413, WEB_ERROR.PAYLOAD_TOO_LARGE, `The call body exceeds the limit of ${bodyLimit} bytes.`, {
        Connection: 'close',
      });
    return;
  }
  let input: unknown;
  const text = read.body.toString('utf8');
  if (text.trim() !== '') {
    try {
      input = JSON.parse(text);
    } catch (e) {
      // The parser's message names the position, never the content: the body may hold secrets.
      return sendError(
        res,
        400,
        CONTRACT_ERROR.INVALID_INPUT,
        `The call body is not valid JSON: ${(e as Error).message.split(', "')[0]}.`
      );
    }
  }
  let name: string;
  try {
    name = decodeURIComponent(encodedName);
  } catch {
    name = encodedName;
  }
  // dispatch never throws: unknown methods, schema errors and handler failures all come back as results.
  sendJson(res, 200, await dispatch(handlers, name, input));
}
