import { base64Decode } from '../../encoding/base64';
import { utf8Decode } from '../../encoding/utf8';
import { ProtocolError, PROTOCOL_ERROR } from '../../errors';
import { percentDecode } from '../../percent-encoding';
import { attribute, type LibraryAttribution } from './attribution';
import { behaviourById, libraryNames, mentionsOf } from './library-catalogue';

/**
 * How a client sent its OAuth 2 credentials in HTTP Basic (RFC 6749 §2.3.1 (https://www.rfc-editor.org/rfc/rfc6749#section-2.3.1)): `form-urlencoded` (the id and secret
 * encoded as application/x-www-form-urlencoded before they are joined with : and base64-encoded, as the RFC says),
 * `raw` (put in as they are: B1), `either` (nothing in them needs encoding), or `other` (not these credentials).
 */
export type BasicEncoding = 'form-urlencoded' | 'raw' | 'either' | 'other';

export interface BasicCredentialsCheck {
  readonly encoding: BasicEncoding;
  readonly summary: string;
  /** B1 and the libraries known to send the raw secret, when the client did. */
  readonly libraries: LibraryAttribution;
}

const STEP = 'basic-credentials';

/** application/x-www-form-urlencoded decoding: + is a space; null when the text is not valid percent-encoding. */
const formDecode = (text: string): string | null => {
  try {
    return percentDecode(text, true, STEP);
  } catch {
    return null;
  }
};

/** Text a form-urlencoder can write: what it leaves as it is (Go keeps ~, HTML's encoder *), %XX and +. */
const isFormText = (text: string) => /^[A-Za-z0-9*\-._~%+]*$/.test(text);

/** Reads `Basic <base64>` into its text, `user-id:password` (RFC 7617 §2 (https://www.rfc-editor.org/rfc/rfc7617#section-2)). */
function basicText(authorization: string): string {
  const m = /^\s*basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(authorization.replace(/^authorization\s*:\s*/i, ''));
  if (!m)
    throw new ProtocolError(
      PROTOCOL_ERROR.INVALID_BASIC,
      STEP,
      `Expected an Authorization header "Basic <base64>"; got ${JSON.stringify(authorization.slice(0, 40))}.`
    );
  const text = utf8Decode(base64Decode(m[1]!, STEP), STEP);
  if (!text.includes(':'))
    throw new ProtocolError(
      PROTOCOL_ERROR.INVALID_BASIC,
      STEP,
      'The Basic credentials have no colon between the client id and the secret (RFC 7617 §2).'
    );
  return text;
}

/** Checks a Basic header against the client id and secret, and names the libraries that send the secret raw. */
export function checkBasicCredentials(
  authorization: string,
  clientId: string,
  clientSecret: string
): BasicCredentialsCheck {
  const text = basicText(authorization);
  // Raw, a colon in the client id makes the split ambiguous (the reason §2.3.1 encodes): compare the whole text.
  const raw = text === `${clientId}:${clientSecret}`;
  const colon = text.indexOf(':');
  const encoded =
    [text.slice(0, colon), text.slice(colon + 1)].every(isFormText) &&
    formDecode(text.slice(0, colon)) === clientId &&
    formDecode(text.slice(colon + 1)) === clientSecret;
  const none = attribute([]);
  if (raw && encoded)
    return {
      encoding: 'either',
      summary:
        'The credentials match; nothing in them needs form-urlencoding, so every client sends them alike (RFC 6749 §2.3.1).',
      libraries: none,
    };
  if (encoded)
    return {
      encoding: 'form-urlencoded',
      summary:
        'The credentials match, form-urlencoded before base64 as RFC 6749 §2.3.1 says (golang.org/x/oauth2 sends them so). A server that does not decode them refuses them.',
      libraries: none,
    };
  if (!raw)
    return {
      encoding: 'other',
      summary: 'These are not the client id and secret given, either as they are or form-urlencoded.',
      libraries: none,
    };
  const mentions = mentionsOf('B1');
  const { id, title, section, source } = behaviourById('B1');
  const detail = `The client id and secret were sent as they are, ${JSON.stringify(text)}; RFC 6749 §2.3.1 form-urlencodes them first. A server that decodes as the RFC says reads another secret.`;
  return {
    encoding: 'raw',
    summary: `The client id and secret were put in raw, not form-urlencoded (RFC 6749 §2.3.1), as ${libraryNames(mentions)} do.`,
    libraries: {
      behaviours: [{ id, title, section, source, details: [detail], libraries: mentions }],
      libraries: mentions,
    },
  };
}
