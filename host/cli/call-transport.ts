import { PROTOCOL_ERROR, ProtocolError } from '../../shared/errors';
import type { Exchange, RawRequest } from '../../shared/http';
import type { ClientAssertionSettings } from '../../shared/oauth2/client-assertion-request';
import { withClientAssertions } from '../../shared/flows/driver/client-auth-port';
import { transportOf } from '../../shared/flows/profile-config';
import type { Profile } from '../../shared/store/profile';
import { nodeRandom } from '../../platform/node/node-crypto';
import { hostAssertionSigner } from '../client-assertion-signer';
import { sendRecorded } from '../store/history/record-exchange';
import { TransportError } from '../../platform/node/transport';
import type { RecordingFor } from './cli-history';
import { FlowReport } from './flow/report';
import { interruptible } from './interrupt';
import type { CliIO } from './io';

/** How `call` sends and records a request; the bearer call sets both once it knows its refresh. */
export interface CallRoute {
  /** The history leg a request is recorded as: `request` signed, `bearer` with a token, `refresh`. */
  legOf: (request: RawRequest) => string;
  /** The client assertion a refresh carries (client_secret_jwt, private_key_jwt), or none. */
  assertion: ClientAssertionSettings | null;
}

/** What every request of one `call` is sent with. */
export interface CallSendOptions {
  readonly io: CliIO;
  readonly profile: Profile | null;
  readonly allowSelfSigned: boolean;
  readonly timeoutMs: number | undefined;
  readonly recording: RecordingFor | null;
}

/**
 * `call`'s transport: each request sent with the profile's transport options (interruptible by Ctrl-C), recorded,
 * and kept in `exchanges`, through the flow driver's assertion decorator (withClientAssertions: a refresh that asks
 * for a client assertion gets a fresh one, RFC 7523 §2.2, said on stderr); a request that could not be sent is a
 * protocol error naming it (exit 1), not a flag problem.
 */
export function callTransport(options: CallSendOptions, route: CallRoute, exchanges: Exchange[]) {
  const { io, profile, timeoutMs, recording } = options;
  const sent = async (request: RawRequest, { leg }: { readonly leg: string }): Promise<Exchange> => {
    try {
      const e = await interruptible(`${request.method} ${request.url}`, (signal) =>
        sendRecorded(
          request,
          {
            // The profile's CA file and client certificate (RFC 8705 §2), when it has them.
            ...(profile ? transportOf(profile) : {}),
            allowSelfSigned: options.allowSelfSigned,
            env: io.env,
            signal,
            ...(timeoutMs === undefined ? {} : { timeoutMs }),
          },
          recording?.(leg) ?? null
        )
      );
      exchanges.push(e);
      return e;
    } catch (e) {
      if (e instanceof TransportError)
        throw new ProtocolError(PROTOCOL_ERROR.SEND_FAILED, 'send', `${request.method} ${request.url}: ${e.message}`, {
          cause: e,
        });
      throw e;
    }
  };
  const report = new FlowReport(io.stderr);
  // The route's assertion is read per send: the bearer call sets it once it knows its refresh.
  return (request: RawRequest): Promise<Exchange> =>
    withClientAssertions(
      {
        send: sent,
        now: Date.now,
        report: (e) => {
          if (e.kind === 'assertion') report.assertion(e.trace);
        },
      },
      { assertion: route.assertion, sign: hostAssertionSigner(nodeRandom) }
    ).send(request, { leg: route.legOf(request) });
}
