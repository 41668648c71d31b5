import type { DpopClient } from '../../../shared/dpop/dpop-client';
import type { FlowHostPort, FlowRunnerPort, LegTokens } from '../../../shared/flows/driver/host-port';
import type { CryptoPort, RandomPort } from '../../../shared/ports';
import type { Profile } from '../../../shared/store/profile';
import type { Catcher } from '../../catcher';
import { nodeCrypto, nodeRandom } from '../../../platform/node/node-crypto';
import { setTimeout } from 'node:timers/promises';
import { interruptible } from '../interrupt';
import { authorizeInBrowser } from './browser-leg';
import { authenticatedPort } from '../../../shared/flows/driver/client-auth-port';
import { ProtocolError } from '../../../shared/errors';
import { hostAssertionSigner } from '../../client-assertion-signer';
import { authorizeHeadless } from './headless-leg';
import { recordRedirect } from '../../store/history/record-exchange';
import { sendLeg, stepOfLeg } from './exchange';
import type { FlowRunOptions } from './options';
import { FlowFailure, type FlowReport } from './report';
import type { ObtainedTokens } from './save-tokens';

/** The effects a CLI flow draws on: Node's by default (a test gives a seeded source and a fixed clock). */
export interface CliEffects {
  readonly random: RandomPort;
  readonly crypto: CryptoPort;
  readonly now: () => number;
  /** Waits `ms` or until `signal` aborts; Node's timer when absent (a test's clock may move at once instead). */
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

const nodeSleep = (ms: number, signal: AbortSignal) => setTimeout(ms, undefined, { signal });

export const NODE_EFFECTS: CliEffects = { random: nodeRandom, crypto: nodeCrypto, now: Date.now, sleep: nodeSleep };

/** Tokens a leg obtained as the CLI prints them (the response's fields) and saves them (--save). */
function printedAndSaved(obtained: LegTokens): ObtainedTokens {
  if (obtained.kind === 'oauth1') {
    const { token, secret, fields } = obtained;
    return {
      fields: { oauth_token: token, oauth_token_secret: secret, ...fields },
      tokens: { kind: 'oauth1', token, tokenSecret: secret, expiresAt: null },
    };
  }
  const t = obtained.token;
  return {
    fields: t.fields,
    tokens: {
      kind: 'oauth2',
      token: t.accessToken,
      refreshToken: t.refreshToken ?? '',
      scope: t.scope ?? '',
      expiresAt: t.expiresAt,
    },
  };
}

/**
 * The CLI as the host of a flow's sent legs: each request printed, sent (Ctrl-C aborts it) and recorded in the
 * history with the leg's verdict; tokens handed to `onTokens` (printed and saved); steps, client assertions and
 * checks on stderr. The driver authenticates the client on each leg (authenticatedPort: the profile's assertion, and
 * DPoP with `dpop`, RFC 9449 §5); a key that cannot sign fails the leg's step, in words.
 */
export function cliLegPort(
  options: FlowRunOptions,
  report: FlowReport,
  effects: CliEffects = NODE_EFFECTS,
  dpop: DpopClient | null = null
): FlowHostPort {
  const port: FlowHostPort = {
    send: (request, { leg, verdictOf }) => sendLeg(stepOfLeg(leg), request, options, report, verdictOf, leg),
    saveTokens: (obtained) => options.onTokens?.(printedAndSaved(obtained)),
    now: effects.now,
    // Ctrl-C while waiting stops the polling as it would a request in flight.
    sleep: (ms) =>
      interruptible(`the polling (the next request was due in ${Math.round(ms / 1000)} s)`, (signal) =>
        (effects.sleep ?? nodeSleep)(ms, signal)
      ),
    random: effects.random,
    crypto: effects.crypto,
    report: (event) =>
      event.kind === 'step'
        ? report.step(event.title)
        : event.kind === 'assertion'
          ? report.assertion(event.trace)
          : report.checks(event.checks),
    recordRedirect: ({ leg, verdict, ...seen }) => {
      const recording = options.recording?.(leg);
      if (recording) recordRedirect(recording, seen, verdict);
      return Promise.resolve();
    },
  };
  const authenticated = authenticatedPort(port, {
    assertion: options.clientAssertion ?? null,
    sign: hostAssertionSigner(effects.random),
    dpop,
  });
  return {
    ...authenticated,
    send: (request, sendOptions) =>
      authenticated.send(request, sendOptions).catch((e: unknown) => {
        throw e instanceof ProtocolError ? new FlowFailure(stepOfLeg(sendOptions.leg), e.message) : e;
      }),
  };
}

/** The CLI running a whole flow: its sent legs as cliLegPort, and the browser opened and the redirect caught at the loopback catcher (or pasted on stdin). */
export function cliHostPort(
  profile: Profile,
  catcher: Catcher,
  options: FlowRunOptions,
  report: FlowReport,
  effects: CliEffects = NODE_EFFECTS,
  dpop: DpopClient | null = null
): FlowRunnerPort {
  return {
    ...cliLegPort(options, report, effects, dpop),
    awaitRedirect: async (url, expected) => {
      const openedAt = effects.now();
      const landed = options.headless
        ? await authorizeHeadless(url, options, report)
        : await authorizeInBrowser(url, expected, catcher, profile, options, report);
      return { authorizeUrl: url, openedAt, query: `?${landed.query}`, pastedUrl: landed.pastedUrl ?? null };
    },
  };
}
