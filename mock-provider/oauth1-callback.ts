import type { ConsumerConfig, Switches } from './config';
import { checkAnyCallback, matchRegisteredUri } from './redirect-uri';

/**
 * RFC 5849 §2.1 (https://www.rfc-editor.org/rfc/rfc5849#section-2.1): oauth_callback is an absolute URI or exactly "oob" (case-sensitive). In `registered` mode it must
 * also be the consumer's registered callback (a loopback callback may differ in its port, RFC 8252 §7.3 (https://www.rfc-editor.org/rfc/rfc8252#section-7.3)), which
 * closes the open redirector of CWE-601 (oauthlib validate_redirect_uri). Returns why it is refused, or null.
 */
export function checkOAuth1Callback(
  callback: string,
  consumer: ConsumerConfig | undefined,
  policy: Switches['oauth1Callback']
): string | null {
  if (callback === 'oob') return null;
  // The registered callback passed the same checks when the configuration was loaded.
  if (consumer !== undefined && callback === consumer.callback) return null;
  if (/^oob$/i.test(callback))
    return `oauth_callback ${JSON.stringify(callback)} is not "oob": the value is case-sensitive (RFC 5849 §2.1).`;
  const shape = checkAnyCallback(callback);
  if (shape) return `oauth_callback must be an absolute http(s) URI or "oob" (RFC 5849 §2.1): ${shape}.`;
  if (policy === 'any' || !consumer) return null;
  const m = matchRegisteredUri([consumer.callback], callback, `consumer ${JSON.stringify(consumer.key)}`);
  return m.ok
    ? null
    : `oauth_callback ${m.reason}. Register it in the mock's configuration, or set the switch oauth1Callback to "any".`;
}
