import type { SignatureInput } from '../../shared/oauth1';
import { parseSignatureMethod } from '../../shared/oauth1';
import { FORM_CONTENT_TYPE } from '../../shared/url-encoded';
import { percentEncode } from '../../shared/percent-encoding';
import type { Vector } from './load';

/**
 * Turns a vector's parameter list into the signer's input: oauth_* parameters become protocol fields, query
 * parameters stay in the URL, body (or unplaced) parameters become the form body.
 */
export function toSignatureInput(v: Vector): SignatureInput {
  const i = v.inputs;
  const params = i.params as [string, string, string][];
  const get = (name: string) => params.find(([n]) => n === name)?.[1];
  const known = new Set([
    'oauth_consumer_key',
    'oauth_token',
    'oauth_signature_method',
    'oauth_timestamp',
    'oauth_nonce',
    'oauth_version',
    'oauth_callback',
    'oauth_verifier',
    'oauth_body_hash',
  ]);
  const oauthSources = new Set(params.filter(([n]) => n.startsWith('oauth_')).map(([, , s]) => s));
  const placement = oauthSources.has('query') ? 'query' : oauthSources.has('body') ? 'body' : 'header';
  const bodyParams = params.filter(([n, , s]) => !n.startsWith('oauth_') && (s === 'body' || s === 'unspecified'));
  const body =
    i.raw_body ??
    (bodyParams.length
      ? bodyParams.map(([n, val]) => `${percentEncode(n)}=${percentEncode(val)}`).join('&')
      : undefined);
  const isJsonBody = typeof i.raw_body === 'string' && i.raw_body.startsWith('{');
  const contentType =
    i.content_type ?? (body !== undefined ? (isJsonBody ? 'application/json' : FORM_CONTENT_TYPE) : undefined);
  // Some sources list query parameters without repeating them in the URL.
  const queryParams = params.filter(([n, , s]) => s === 'query' && !n.startsWith('oauth_'));
  const url =
    i.url.includes('?') || !queryParams.length
      ? i.url
      : `${i.url}?${queryParams.map(([n, val]) => `${percentEncode(n)}=${percentEncode(val)}`).join('&')}`;
  return {
    method: i.method,
    url,
    ...(body !== undefined ? { body } : {}),
    ...(contentType ? { contentType } : {}),
    consumerKey: get('oauth_consumer_key') ?? '',
    consumerSecret: i.consumer_secret ?? '',
    token: get('oauth_token') ?? null,
    tokenSecret: i.token_secret ?? null,
    signatureMethod: parseSignatureMethod(get('oauth_signature_method') ?? i.signature_method),
    nonce: get('oauth_nonce') ?? null,
    timestamp: get('oauth_timestamp') ?? null,
    includeVersion: get('oauth_version') === '1.0',
    callback: get('oauth_callback') ?? null,
    verifier: get('oauth_verifier') ?? null,
    extraOauthParams: params
      .filter(([n]) => n.startsWith('oauth_') && !known.has(n))
      .map(([n, val]) => [n, val] as const),
    includeBodyHash: get('oauth_body_hash') !== undefined,
    realm: i.realm ?? null,
    placement,
    ...(i.private_key_pem ? { privateKeyPem: i.private_key_pem } : {}),
  };
}
