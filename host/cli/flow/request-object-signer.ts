import { ProtocolError } from '../../../shared/errors';
import type { Param } from '../../../shared/url-encoded';
import {
  requestObjectAlgRefusal,
  requestObjectKeyOf,
  signRequestObject,
  type RequestObject,
} from '../../../shared/oauth2/request-object';
import type { ClientAuthentication } from '../../../shared/oauth2/token-request';
import type { Profile } from '../../../shared/store/profile';
import { base64UrlEncode } from '../../../shared/encoding/base64';
import { joseSigner } from '../../../platform/jose';
import { nodeRandom } from '../../../platform/node/node-crypto';
import { UsageError } from '../io';
import { FlowFailure } from './report';

const STEP = 'request object';

/** The flags that give what a request object is signed with, named when it is missing. */
const FLAG_HINT = 'give --private-key FILE, or --client-secret (HS256, RFC 7518 §3.2).';

/** How the client gets a key for an algorithm the provider lists, named when its metadata would refuse the one used. */
const ALG_FIX =
  "Pass --private-key FILE, the private key whose public half the client registered (for the mock's built-in client, its demo key in docs/mock.md), and --signing-alg to pick a listed algorithm.";

/**
 * The request object of `--request-object` (RFC 9101 §4), signed with the key the app's page uses too
 * (shared/oauth2/request-object.ts: the client's private key, else the client secret); `said` tells which, for
 * stderr. When the issuer's metadata is known and does not list the algorithm, refused before it is sent (exit 2).
 */
export async function cliRequestObject(
  c: { readonly clientId: string; readonly clientSecret: string; readonly authentication: ClientAuthentication },
  profile: Profile,
  params: readonly Param[],
  metadata: unknown
): Promise<{ requestObject: RequestObject; said: string }> {
  const o = profile.oauth2;
  const choice = requestObjectKeyOf({
    authentication: c.authentication,
    clientSecret: c.clientSecret,
    privateKey: o.assertionKey,
    alg: o.assertionAlg || null,
    kid: o.assertionKeyId || null,
  });
  if (!choice.ok) throw new FlowFailure(STEP, `${choice.reason} ${FLAG_HINT}`);
  let requestObject: RequestObject;
  try {
    requestObject = await signRequestObject(
      {
        params,
        clientId: c.clientId,
        audience: o.issuer || profile.baseUrl,
        nowSeconds: Math.floor(Date.now() / 1000),
        jti: base64UrlEncode(nodeRandom.bytes(16)),
      },
      choice.key,
      joseSigner
    );
  } catch (e) {
    if (e instanceof ProtocolError) throw new FlowFailure(STEP, e.message);
    throw e;
  }
  const alg = String(requestObject.header.alg);
  const refusal = requestObjectAlgRefusal(alg, metadata, ALG_FIX);
  if (refusal) throw new UsageError(refusal);
  const said =
    choice.key.method === 'private_key_jwt'
      ? `Signed ${alg} with the client's private key (--private-key; the client authenticates with ${c.authentication}): the provider verifies it with the client's registered public key.`
      : `Signed ${alg} with the client secret, as the client has no private key (--private-key).`;
  return { requestObject, said };
}
