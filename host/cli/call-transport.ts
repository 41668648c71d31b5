import { PROTOCOL_ERROR, ProtocolError } from '../../shared/errors';
import type { Exchange, RawRequest } from '../../shared/http';
import type { ClientAssertionSettings } from '../../shared/oauth2/client-assertion-request';
import { withClientAssertions } from '../../shared/flows/driver/client-auth-port';
import type { FlowHostPort, LegSendOptions } from '../../shared/flows/driver/host-port';
import { transportOf } from '../../shared/flows/profile-config';
import type { Profile } from '../../shared/store/profile';
import { nodeCrypto, nodeRandom } from '../../platform/node/node-crypto';
import { hostAssertionSigner } from '../client-assertion-signer';
import { sendRecorded } from '../store/history/record-exchange';
import { TransportError } from '../../platform/node/transport';
import type { RecordingFor } from './cli-history';
import { FlowReport } from './flow/report';
import { interruptible } from './interrupt';
import type { CliIO } from './io';

/** What every request of one `call` is sent with. */
export interface CallSendOptions {
  readonly io: CliIO;
  readonly profile: Profile | null;
  readonly allowSelfSigned: boolean;
  readonly timeoutMs: number | undefined;
  readonly recording: RecordingFor | null;
}

/**
 * `call`'s host port for the driver: each request sent with the profile's transport options (interruptible by
 * Ctrl-C), recorded once with its leg's verdict, and kept in `exchanges`; a refresh that asks for a client assertion
 * gets a fresh one from the driver's decorator (withClientAssertions, RFC 7523 §2.2, said on stderr). A request that
 * could not be sent is a protocol error naming it (exit 1), not a flag problem.
 */
export function callHostPort(
  options: CallSendOptions,
  exchanges: Exchange[],
  assertion: ClientAssertionSettings | null
): FlowHostPort {
  const { io, profile, timeoutMs, recording } = options;
  const send = async (request: RawRequest, { leg, verdictOf }: LegSendOptions): Promise<Exchange> => {
    const recorded = recording?.(leg) ?? null;
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
          recorded && { ...recorded, verdictOf }
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
  const port: FlowHostPort = {
    send,
    saveTokens: () => {},
    now: Date.now,
    sleep: () => Promise.resolve(),
    random: nodeRandom,
    crypto: nodeCrypto,
    report: (e) => {
      if (e.kind === 'assertion') report.assertion(e.trace);
    },
    recordRedirect: () => Promise.resolve(),
  };
  return withClientAssertions(port, { assertion, sign: hostAssertionSigner(nodeRandom) });
}
