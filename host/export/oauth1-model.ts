import { createPrivateKey } from 'node:crypto';
import {
  formBodyParameters,
  isRsaMethod,
  type ParamSource,
  type SignatureInput,
  type SignatureMethod,
} from '../../shared/oauth1';
import { isFormContentType, type Param } from '../../shared/url-encoded';
import { authorityOf, parseHttpUrl, requestTarget } from '../../shared/url';
import type { Secrets } from './secrets';
import { ExportError } from './types';

/**
 * What the three signing-code generators need, taken from the signer's input once: the request, the credentials
 * (secrets as values or placeholders), the protocol options. Nonce and timestamp are not here: the code makes
 * fresh ones on every run, which is the point of signing code.
 */
export interface OAuth1Code {
  readonly method: string;
  /** The URL as on the wire: what the code's HTTP client sends, so the base string it computes matches. */
  readonly url: string;
  /** Form body parameters, decoded: signed with the rest (RFC 5849 §3.4.1.3.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.3.1)). */
  readonly form: readonly Param[];
  /** A body that is not a form: sent as it is and not signed. */
  readonly rawBody: { readonly contentType: string; readonly text: string } | null;
  readonly consumerKey: string;
  readonly consumerSecret: string;
  readonly token: string | null;
  readonly tokenSecret: string;
  /** PEM for the RSA methods (PKCS#8, which Java reads without a library), or its placeholder. */
  readonly privateKey: string;
  readonly signatureMethod: SignatureMethod;
  readonly realm: string | null;
  readonly callback: string | null;
  readonly verifier: string | null;
  readonly includeVersion: boolean;
  readonly placement: ParamSource;
  readonly extraOauthParams: readonly Param[];
  /** Whether secrets are real values (for the comments next to them). */
  readonly secretsIncluded: boolean;
}

const nonEmpty = (s: string | null | undefined): string | null =>
  s === undefined || s === null || s === '' ? null : s;

/** PKCS#1 (`BEGIN RSA PRIVATE KEY`) becomes PKCS#8; an unreadable key is left as the user gave it. */
function pkcs8(pem: string): string {
  try {
    return createPrivateKey(pem).export({ type: 'pkcs8', format: 'pem' }).toString();
  } catch {
    return pem;
  }
}

export function oauth1Code(s: SignatureInput, secrets: Secrets, targetLabel: string): OAuth1Code {
  if (s.includeBodyHash)
    throw new ExportError(
      'unsupported',
      `${targetLabel} does not compute oauth_body_hash; export a snapshot instead, or sign without the body hash.`
    );
  const u = parseHttpUrl(s.url, 'export');
  const isForm = s.body !== undefined && isFormContentType(s.contentType);
  const placement = s.placement ?? 'header';
  if (placement === 'body' && s.body !== undefined && !isForm)
    throw new ExportError(
      'unsupported',
      'Protocol parameters can travel in the body only when it is a form (RFC 5849 §3.5.2).'
    );
  const rsa = isRsaMethod(s.signatureMethod);
  return {
    method: s.method.trim().toUpperCase(),
    url: `${u.scheme}://${authorityOf(u)}${requestTarget(u)}`,
    form: isForm ? formBodyParameters(s.body, s.contentType) : [],
    rawBody:
      s.body !== undefined && !isForm
        ? { contentType: s.contentType ?? 'application/octet-stream', text: s.body }
        : null,
    consumerKey: s.consumerKey,
    // RSA signs with the private key alone (RFC 5849 §3.4.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.3)): the secrets are neither used nor exported then.
    consumerSecret: rsa ? '' : secrets.value('consumer_secret', s.consumerSecret),
    token: nonEmpty(s.token),
    tokenSecret: rsa ? '' : secrets.value('token_secret', s.tokenSecret),
    privateKey: rsa
      ? secrets.include && s.privateKeyPem
        ? pkcs8(s.privateKeyPem)
        : secrets.placeholder('private_key')
      : '',
    signatureMethod: s.signatureMethod,
    realm: s.realm ?? null,
    callback: nonEmpty(s.callback),
    verifier: nonEmpty(s.verifier),
    includeVersion: s.includeVersion !== false,
    placement,
    extraOauthParams: s.extraOauthParams ?? [],
    secretsIncluded: secrets.include,
  };
}

/** The protocol parameters the code sends besides nonce, timestamp and signature, in the signer's order (§3.1). */
export function fixedOauthParams(c: OAuth1Code): { before: Param[]; after: Param[] } {
  const before: Param[] = [['oauth_consumer_key', c.consumerKey]];
  if (c.token !== null) before.push(['oauth_token', c.token]);
  before.push(['oauth_signature_method', c.signatureMethod]);
  const after: Param[] = [];
  if (c.callback !== null) after.push(['oauth_callback', c.callback]);
  if (c.verifier !== null) after.push(['oauth_verifier', c.verifier]);
  if (c.includeVersion) after.push(['oauth_version', '1.0']);
  after.push(...c.extraOauthParams);
  return { before, after };
}

/** §3.5.1: the realm is a plain quoted-string (RFC 2617 (https://www.rfc-editor.org/rfc/rfc2617)), never percent-encoded. */
export const quotedRealm = (realm: string): string => `realm="${realm.replace(/[\\"]/g, '\\$&')}"`;
