import { NonceMemory } from '../nonces';
import { refuse, type Check } from './verification';

/**
 * RFC 5849 §3.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.3): a nonce is used once per timestamp, consumer and token. Run after the signature is verified, so a
 * forged request cannot burn a nonce; a request that passes is remembered.
 */
export const nonceUnused: Check = (v) => {
  const { state, switches } = v.ctx;
  if (!switches.checkNonce || v.timestamp === null) return null;
  const key = NonceMemory.key(
    v.consumer!.key,
    v.oauth.get('oauth_token') ?? '',
    v.timestamp,
    v.oauth.get('oauth_nonce') ?? ''
  );
  if (state.nonces.remember(key, v.timestamp, state.clock.clientNowSeconds() - switches.timestampWindow)) return null;
  return refuse({
    problem: 'nonce_used',
    advice: `oauth_nonce ${JSON.stringify(v.oauth.get('oauth_nonce'))} was already used with this timestamp and token; use a new random nonce for every request (RFC 5849 §3.3).`,
  });
};
