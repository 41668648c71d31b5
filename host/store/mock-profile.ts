import { MOCK_PROFILE_ID, profileSchema, type Profile } from '../../shared/store/profile';
import { DEFAULT_CLIENT_PRIVATE_JWK, DEFAULT_CREDENTIALS } from '../../mock-provider/default-credentials';

export const MOCK_PROFILE_NAME = 'Mock provider';

/**
 * The built-in profile for the embedded mock, with the mock's default credentials (its client's demo private key
 * among them) and callback. Its base URL stays
 * empty: the flows take it from the running mock, whose port changes from run to run.
 */
export function defaultMockProfile(): Profile {
  const callback = new URL(DEFAULT_CREDENTIALS.consumer.callback);
  return withMockClientKey(
    profileSchema.parse({
      id: MOCK_PROFILE_ID,
      name: MOCK_PROFILE_NAME,
      builtIn: true,
      service: true,
      callbackPort: Number(callback.port),
      callbackPath: callback.pathname,
      oauth1: { consumerKey: DEFAULT_CREDENTIALS.consumer.key, consumerSecret: DEFAULT_CREDENTIALS.consumer.secret },
      oauth2: {
        clientId: DEFAULT_CREDENTIALS.client.id,
        clientSecret: DEFAULT_CREDENTIALS.client.secret,
      },
    })
  );
}

/**
 * The built-in client's demo private key (default-credentials.ts) put in the built-in profile, so its request
 * objects are signed ES256 with it (RFC 9101 §4): a new profile, and one saved by a version whose client had no key.
 */
export function withMockClientKey(p: Profile): Profile {
  if (p.oauth2.assertionKey.trim() || p.oauth2.clientId !== DEFAULT_CREDENTIALS.client.id) return p;
  return { ...p, oauth2: { ...p.oauth2, assertionKey: JSON.stringify(DEFAULT_CLIENT_PRIVATE_JWK) } };
}
