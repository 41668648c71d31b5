import { refuse, type Check } from './verification';

/** RFC 5849 §3.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.3): a positive whole number of seconds since 1970-01-01 UTC. PLAINTEXT may leave it out (§3.1). */
export const timestampWellFormed: Check = (v) => {
  const text = v.value('oauth_timestamp');
  if (text === undefined) return null;
  if (!/^[1-9][0-9]{0,11}$/.test(text))
    return refuse({
      problem: 'timestamp_refused',
      advice: `oauth_timestamp ${JSON.stringify(text)} is not a positive whole number of seconds since 1970-01-01 UTC (RFC 5849 §3.3).`,
    });
  v.timestamp = Number(text);
  return null;
};

/** The switch timestampWindow: within ± that many seconds of the provider's clock (RFC 5849 §3.3 leaves the window to the server). */
export const timestampInWindow: Check = (v) => {
  if (v.timestamp === null) return null;
  const timestamp = v.timestamp;
  // The client's clock, not the simulated one (clock.ts): advancing the mock ages what it issued, not timestamps.
  const now = v.ctx.state.clock.clientNowSeconds();
  const w = v.ctx.switches.timestampWindow;
  if (Math.abs(timestamp - now) <= w) return null;
  return refuse({
    problem: 'timestamp_refused',
    acceptableTimestamps: [now - w, now + w],
    advice: `oauth_timestamp ${timestamp} is ${timestamp < now ? `${now - timestamp} s behind` : `${timestamp - now} s ahead of`} the provider's clock (${now}); accepted: within ±${w} s. Check the client's clock.`,
  });
};

/** RFC 5849 §3.3: a nonce is unique per timestamp; timestamps older than the nonces still remembered cannot be checked, so they are refused. */
export const timestampRemembered: Check = (v) => {
  const { state, switches } = v.ctx;
  if (v.timestamp === null || !switches.checkNonce || v.timestamp > state.nonces.floor) return null;
  const now = state.clock.clientNowSeconds();
  return refuse({
    problem: 'timestamp_refused',
    acceptableTimestamps: [state.nonces.floor + 1, now + switches.timestampWindow],
    advice: `oauth_timestamp ${v.timestamp} is older than the nonces this provider still remembers (its nonce memory is full); send a current timestamp.`,
  });
};
