import { checkOAuth1Callback } from '../oauth1-callback';
import { refuse, type Check } from './verification';

/** RFC 5849 §2.1 (https://www.rfc-editor.org/rfc/rfc5849#section-2.1): oauth_callback, where a leg carries one, is "oob" or an allowed absolute URI (oauth1-callback.ts). */
export const callbackAllowed: Check = (v) => {
  const callback = v.oauth.get('oauth_callback');
  if (callback === undefined || v.endpoint === 'resource') return null;
  const why = checkOAuth1Callback(callback, v.consumer, v.ctx.switches.oauth1Callback);
  return why ? refuse({ problem: 'parameter_rejected', parametersRejected: ['oauth_callback'], advice: why }) : null;
};
