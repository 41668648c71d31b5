import { PROTOCOL_ERROR, ProtocolError } from '../../../shared/errors';
import {
  diagnoseSignature,
  parseBaseString,
  parseCurlCommand,
  parseRawHttpRequest,
  requestFromFields,
  type DebugRequest,
  type Diagnosis,
} from '../../../shared/oauth1/debug';
import type { CryptoPort } from '../../../shared/ports';

/** The forms a request can be pasted in. */
export type RequestForm = 'http' | 'curl' | 'fields';

export interface FieldsInput {
  readonly method: string;
  readonly url: string;
  readonly body: string;
  readonly contentType: string;
  readonly authorization: string;
}

/** Everything the user typed, as typed. */
export interface DebugInputs {
  readonly form: RequestForm;
  readonly raw: string;
  /**
   * The scheme of a raw request, which HTTP text does not show (RFC 5849 §3.4.1.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.2) signs it); `assume`: from the
   * host, as the CLI does without --scheme (assumeScheme), said beside the verdict.
   */
  readonly scheme: 'assume' | 'https' | 'http';
  readonly curl: string;
  readonly fields: FieldsInput;
  readonly consumerSecret: string;
  readonly tokenSecret: string;
  /** The consumer's RSA public key (PEM or certificate), for RSA-SHA* requests (RFC 5849 §3.4.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.3)). */
  readonly rsaPublicKey: string;
  readonly serverBaseString: string;
  readonly clientBaseString: string;
}

/** Every input an error can be shown next to. */
export type InputId =
  | 'raw'
  | 'curl'
  | 'method'
  | 'url'
  | 'body'
  | 'contentType'
  | 'authorization'
  | 'rsaPublicKey'
  | 'serverBaseString'
  | 'clientBaseString';
export type InputErrors = Partial<Record<InputId, string>>;

export interface DebugResult {
  /** The request as read from the input; null when it could not be read. */
  readonly request: DebugRequest | null;
  /** Null when there is no request to check, or it could not be read (then `errors` says why). */
  readonly diagnosis: Diagnosis | null;
  readonly errors: InputErrors;
}

const emptyFields: FieldsInput = { method: '', url: '', body: '', contentType: '', authorization: '' };

export const emptyInputs: DebugInputs = {
  form: 'curl',
  raw: '',
  scheme: 'assume',
  curl: '',
  fields: emptyFields,
  consumerSecret: '',
  tokenSecret: '',
  rsaPublicKey: '',
  serverBaseString: '',
  clientBaseString: '',
};

/** The names the page gives its inputs, so a message says which one is wrong. */
const INPUT_NAMES: Record<InputId, string> = {
  raw: 'Raw HTTP request',
  curl: 'curl command',
  method: 'Method',
  url: 'URL',
  body: 'Body',
  contentType: 'Content type',
  authorization: 'Authorization header',
  rsaPublicKey: 'RSA public key (PEM)',
  serverBaseString: 'Base string the server printed',
  clientBaseString: 'Base string your client printed',
};

/** True when nothing of the request has been given yet (the page then shows how to start, not an error). */
export function requestIsEmpty(i: DebugInputs): boolean {
  if (i.form === 'http') return i.raw.trim() === '';
  if (i.form === 'curl') return i.curl.trim() === '';
  const f = i.fields;
  return f.url.trim() === '' && f.authorization.trim() === '' && f.body === '' && f.method.trim() === '';
}

/** Which input a protocol error belongs to: the pasted text, or in the fields form the field the step reads. */
function inputOf(form: RequestForm, e: ProtocolError): InputId {
  if (form === 'http') return 'raw';
  if (form === 'curl') return 'curl';
  if (e.step === 'query-parameters') return 'url';
  if (e.step === 'body-parameters') return 'body';
  if (e.step === 'request-fields')
    return e.code === PROTOCOL_ERROR.INVALID_METHOD
      ? 'method'
      : e.code === PROTOCOL_ERROR.INVALID_HEADER
        ? 'authorization'
        : 'url';
  if (e.code === PROTOCOL_ERROR.INVALID_URL) return 'url';
  return 'authorization';
}

function readRequest(i: DebugInputs): DebugRequest {
  if (i.form === 'http') return parseRawHttpRequest(i.raw, { scheme: i.scheme === 'assume' ? null : i.scheme });
  if (i.form === 'curl') return parseCurlCommand(i.curl);
  const f = i.fields;
  return requestFromFields({
    url: f.url,
    method: f.method.trim() || null,
    body: f.body === '' ? null : f.body,
    contentType: f.contentType.trim() || null,
    authorization: f.authorization.trim() || null,
  });
}

/** A base string the user pasted, read now so its error shows by its own input; null when empty or unreadable. */
function baseStringInput(
  text: string,
  id: 'serverBaseString' | 'clientBaseString',
  errors: InputErrors
): string | null {
  if (text.trim() === '') return null;
  try {
    return parseBaseString(text, id === 'serverBaseString' ? 'server-base-string' : 'client-base-string').text;
  } catch (e) {
    if (!(e instanceof ProtocolError)) throw e;
    errors[id] = `${INPUT_NAMES[id]}: ${e.message} It is left aside until fixed.`;
    return null;
  }
}

const secret = (s: string) => (s === '' ? null : s);

/**
 * Reads the request in the form the user chose and checks its signature (diagnoseSignature). Errors are data: each
 * names the input that caused it and what is wrong, so the page shows it next to that input. With an RSA public key
 * `crypto` must answer rsaVerify, which the page's cannot: checkSignature (rsa-check.ts) gives it one.
 */
export function runDiagnosis(i: DebugInputs, crypto: CryptoPort): DebugResult {
  const errors: InputErrors = {};
  const serverBaseString = baseStringInput(i.serverBaseString, 'serverBaseString', errors);
  const clientBaseString = baseStringInput(i.clientBaseString, 'clientBaseString', errors);
  if (requestIsEmpty(i)) return { request: null, diagnosis: null, errors };
  let request: DebugRequest | null = null;
  try {
    request = readRequest(i);
    const diagnosis = diagnoseSignature(
      {
        request,
        consumerSecret: secret(i.consumerSecret),
        tokenSecret: secret(i.tokenSecret),
        rsaPublicKeyPem: secret(i.rsaPublicKey),
        serverBaseString,
        clientBaseString,
      },
      crypto
    );
    return { request, diagnosis, errors };
  } catch (e) {
    const at =
      e instanceof ProtocolError
        ? inputOf(i.form, e)
        : i.form === 'http'
          ? 'raw'
          : i.form === 'curl'
            ? 'curl'
            : 'authorization';
    const message = e instanceof Error ? e.message : String(e);
    errors[at] = `${INPUT_NAMES[at]}: ${message}`;
    return { request, diagnosis: null, errors };
  }
}
