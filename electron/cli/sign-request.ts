import { z } from 'zod';
import { FORM_CONTENT_TYPE, SIGNATURE_METHODS, type SignatureInput } from '../../shared/oauth1';
import { percentEncode } from '../../shared/oauth1/percent-encoding';

/** One request to sign, as `oauth-lab sign --stdin` reads it (absent or null members are left out). */
export const SignRequestSchema = z
  .object({
    method: z.string().min(1).nullish(),
    url: z.string({ error: 'url is required: the full request URL, query included' }),
    form: z.array(z.tuple([z.string(), z.string()]), { error: 'form must be a list of [name, value] pairs' }).nullish(),
    consumerKey: z.string({ error: 'consumerKey is required' }),
    consumerSecret: z.string().nullish(),
    token: z.string().nullish(),
    tokenSecret: z.string().nullish(),
    signatureMethod: z.enum(SIGNATURE_METHODS, { error: `signatureMethod must be one of ${SIGNATURE_METHODS.join(', ')}` }).nullish(),
    nonce: z.string().nullish(),
    timestamp: z.union([z.string(), z.number().int()]).nullish(),
    realm: z.string().nullish(),
    callback: z.string().nullish(),
    verifier: z.string().nullish(),
    privateKeyPem: z.string().nullish(),
    /** oauth_version is OPTIONAL (RFC 5849 §3.1); default true, as the service lists it. */
    includeVersion: z.boolean().nullish(),
  })
  .strict();
export type SignRequest = z.infer<typeof SignRequestSchema>;

/** Turns the request into the signer's input; nonce and timestamp are fresh unless given. */
export function toSignatureInput(r: SignRequest, fresh: { nonce: () => string; timestamp: () => string }): SignatureInput {
  const form = r.form ?? [];
  return {
    method: r.method ?? (form.length ? 'POST' : 'GET'),
    url: r.url,
    ...(form.length ? { body: form.map(([n, v]) => `${percentEncode(n)}=${percentEncode(v)}`).join('&'), contentType: FORM_CONTENT_TYPE } : {}),
    consumerKey: r.consumerKey,
    consumerSecret: r.consumerSecret ?? '',
    token: r.token ?? null,
    tokenSecret: r.tokenSecret ?? null,
    signatureMethod: r.signatureMethod ?? 'HMAC-SHA1',
    nonce: r.nonce ?? fresh.nonce(),
    timestamp: r.timestamp === undefined || r.timestamp === null ? fresh.timestamp() : String(r.timestamp),
    realm: r.realm ?? null,
    callback: r.callback ?? null,
    verifier: r.verifier ?? null,
    includeVersion: r.includeVersion ?? true,
    ...(r.privateKeyPem ? { privateKeyPem: r.privateKeyPem } : {}),
  };
}

