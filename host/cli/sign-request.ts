import { z } from 'zod';
import { oauth1Flow } from '../../shared/flows';
import { SIGNATURE_METHODS, type SignatureInput } from '../../shared/oauth1';

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
    signatureMethod: z
      .enum(SIGNATURE_METHODS, { error: `signatureMethod must be one of ${SIGNATURE_METHODS.join(', ')}` })
      .nullish(),
    nonce: z.string().nullish(),
    timestamp: z.union([z.string(), z.number().int()]).nullish(),
    realm: z.string().nullish(),
    callback: z.string().nullish(),
    verifier: z.string().nullish(),
    privateKeyPem: z.string().nullish(),
    /** oauth_version is OPTIONAL (RFC 5849 §3.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.1)); default true, as the service lists it. */
    includeVersion: z.boolean().nullish(),
  })
  .strict();
export type SignRequest = z.infer<typeof SignRequestSchema>;

/**
 * Turns the request into the signer's input through the engine's builder (the one the app's flows and `oauth-lab
 * call` use); nonce and timestamp are fresh unless given.
 */
export function toSignatureInput(
  r: SignRequest,
  fresh: { nonce: () => string; timestamp: () => string }
): SignatureInput {
  const form = r.form ?? [];
  const state = oauth1Flow.startOAuth1({
    baseUrl: r.url,
    consumerKey: r.consumerKey,
    consumerSecret: r.consumerSecret ?? '',
    // Not sent from here: the request's own callback, if any, is below.
    callback: 'oob',
    signatureMethod: r.signatureMethod ?? 'HMAC-SHA1',
    realm: r.realm ?? null,
    includeVersion: r.includeVersion ?? true,
    ...(r.privateKeyPem ? { privateKeyPem: r.privateKeyPem } : {}),
  });
  const input = oauth1Flow.signedRequestInput(state, {
    method: r.method ?? (form.length ? 'POST' : 'GET'),
    url: r.url,
    form,
    token: r.token ?? null,
    tokenSecret: r.tokenSecret ?? null,
    callback: r.callback ?? null,
    verifier: r.verifier ?? null,
  });
  return {
    ...input,
    nonce: r.nonce ?? fresh.nonce(),
    timestamp: r.timestamp === undefined || r.timestamp === null ? fresh.timestamp() : String(r.timestamp),
  };
}
