import { z } from 'zod';
import { signatureInputSchema } from '../../../shared/bridge/schemas/oauth1';
import { rawRequestSchema } from '../../../shared/bridge/schemas/http';
import type { ParameterPlacement, SignatureMethod } from '../../../shared/oauth1';
import { FORM_CONTENT_TYPE, formEncode } from '../../../shared/url-encoded';
import type { Profile } from '../../../shared/store/profile';
import type { OAuth1Draft } from '../../state/oauth1/oauth1-drafts';

export type BodyMode = 'none' | 'form' | 'raw';
export interface Pair {
  readonly name: string;
  readonly value: string;
}

/** Everything the signer page lets the user type; toDraft() turns it into the signer's input. */
export interface SignerForm {
  readonly profileId: string | null;
  readonly method: string;
  readonly url: string;
  readonly bodyMode: BodyMode;
  readonly formRows: readonly Pair[];
  readonly rawBody: string;
  readonly rawContentType: string;
  readonly bodyHash: boolean;
  readonly consumerKey: string;
  readonly consumerSecret: string;
  readonly token: string;
  readonly tokenSecret: string;
  readonly privateKeyPem: string;
  readonly signatureMethod: SignatureMethod;
  readonly placement: ParameterPlacement;
  readonly realm: string;
  readonly includeVersion: boolean;
  readonly callback: string;
  readonly verifier: string;
  readonly extraOauth: readonly Pair[];
  readonly nonce: string;
  readonly timestamp: string;
}

export function emptyForm(fresh: { nonce: string; timestamp: string }): SignerForm {
  return {
    profileId: null,
    method: 'GET',
    url: '',
    bodyMode: 'none',
    formRows: [],
    rawBody: '',
    rawContentType: 'application/json',
    bodyHash: false,
    consumerKey: '',
    consumerSecret: '',
    token: '',
    tokenSecret: '',
    privateKeyPem: '',
    signatureMethod: 'HMAC-SHA1',
    placement: 'header',
    realm: '',
    includeVersion: true,
    callback: '',
    verifier: '',
    extraOauth: [],
    ...fresh,
  };
}

export const isRsa = (m: SignatureMethod) => m.startsWith('RSA-');
const filled = (rows: readonly Pair[]) => rows.filter((r) => r.name !== '' || r.value !== '');
const orNull = (s: string) => (s === '' ? null : s);

/** The redirect URI a profile registers: `oob`, or the loopback catcher's (RFC 8252 §7.3 (https://www.rfc-editor.org/rfc/rfc8252#section-7.3)). */
export const profileCallback = (p: Profile) =>
  p.oauth1.useOob ? 'oob' : `http://127.0.0.1:${p.callbackPort}${p.callbackPath}`;

/**
 * The form as the signer's input (shared/oauth1 SignatureInput, exactly the keys the bridge's oauth1Trace accepts).
 * Protocol parameters in the body need a form body (RFC 5849 §3.5.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.5.2)), so that placement without a body sends an
 * empty form.
 */
export function toDraft(f: SignerForm): OAuth1Draft {
  const formBody = f.bodyMode === 'form' || (f.bodyMode === 'none' && f.placement === 'body');
  const body = formBody
    ? {
        body: formEncode(filled(f.formRows).map((r) => [r.name, r.value] as const)),
        contentType: FORM_CONTENT_TYPE,
      }
    : f.bodyMode === 'raw'
      ? { body: f.rawBody, contentType: f.rawContentType.trim(), ...(f.bodyHash ? { includeBodyHash: true } : {}) }
      : {};
  const extra = filled(f.extraOauth).map((r): readonly [string, string] => [r.name, r.value]);
  return {
    method: f.method,
    url: f.url.trim(),
    ...body,
    consumerKey: f.consumerKey,
    consumerSecret: f.consumerSecret,
    token: orNull(f.token),
    tokenSecret: orNull(f.tokenSecret),
    signatureMethod: f.signatureMethod,
    nonce: f.nonce,
    timestamp: f.timestamp,
    realm: orNull(f.realm),
    includeVersion: f.includeVersion,
    placement: f.placement,
    callback: orNull(f.callback),
    verifier: orNull(f.verifier),
    ...(extra.length ? { extraOauthParams: extra } : {}),
    ...(isRsa(f.signatureMethod) && f.privateKeyPem ? { privateKeyPem: f.privateKeyPem } : {}),
  };
}

/** The fields a bad value can be typed into; each names itself in its message. */
export type FieldName = 'method' | 'url' | 'nonce' | 'timestamp' | 'rawContentType' | 'formRows' | 'consumerKey';
export type FieldIssues = Partial<Record<FieldName, string>>;

const LABELS: Record<FieldName, string> = {
  method: 'Method',
  url: 'URL',
  nonce: 'oauth_nonce',
  timestamp: 'oauth_timestamp',
  rawContentType: 'Content type',
  formRows: 'Form body',
  consumerKey: 'Consumer key',
};
const sentence = (field: FieldName, message: string) => `${LABELS[field]}: ${message}.`;

/**
 * What would stop the request from being sent, per field, in the words of the bridge's own schemas (the host
 * refuses the same values). The signature walk-through reports protocol errors by step on its own.
 */
export function fieldIssues(f: SignerForm): FieldIssues {
  const issues: FieldIssues = {};
  const method = rawRequestSchema.shape.method.safeParse(f.method);
  if (!method.success) issues.method = sentence('method', method.error.issues[0]!.message);
  const parsed = signatureInputSchema.safeParse(toDraft(f));
  if (!parsed.success) {
    const { fieldErrors } = z.flattenError(parsed.error);
    for (const key of ['url', 'nonce', 'timestamp', 'method'] as const) {
      const first = fieldErrors[key]?.[0];
      // PLAINTEXT may leave out the nonce and the timestamp (RFC 5849 §3.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.1)): the signer then omits them.
      const optional = f.signatureMethod === 'PLAINTEXT' && (key === 'nonce' || key === 'timestamp') && f[key] === '';
      if (first !== undefined && !issues[key] && !optional) issues[key] = sentence(key, first);
    }
  }
  if (f.consumerKey === '')
    issues.consumerKey = sentence(
      'consumerKey',
      'empty; every signed request carries oauth_consumer_key (RFC 5849 §3.1)'
    );
  if (f.bodyMode === 'raw' && f.rawContentType.trim() === '')
    issues.rawContentType = sentence('rawContentType', 'empty; expected a media type such as application/json');
  const nameless = f.bodyMode === 'form' ? f.formRows.findIndex((r) => r.name === '' && r.value !== '') : -1;
  if (nameless >= 0) issues.formRows = sentence('formRows', `parameter ${nameless + 1} has a value but no name`);
  return issues;
}
