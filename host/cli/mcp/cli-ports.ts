import { McpChainFailure, type McpChainPorts, type McpSenderAuth } from '../../../shared/flows/mcp/ports';
import { checksVerdict } from '../../../shared/store/history-record';
import type { CliHistory } from '../cli-history';
import type { Profile } from '../../../shared/store/profile';
import type { Catcher } from '../../catcher';
import { nodeCrypto, nodeRandom } from '../../../platform/node/node-crypto';
import { authorizeInBrowser, startFlowCatcher } from '../flow/browser-leg';
import { sendLeg } from '../flow/exchange';
import type { FlowRunOptions } from '../flow/options';
import { FlowFailure, type FlowReport } from '../flow/report';

/**
 * The MCP chain's ports on the command line: each request printed and sent by the flows' sendLeg, the redirect
 * caught by the loopback catcher (started when first needed, closed by `close`), progress on stderr; the client's
 * assertions and DPoP (`senderAuth`) signed and proven in the CLI.
 */
export function cliPorts(
  profile: Profile,
  options: FlowRunOptions,
  report: FlowReport,
  history: CliHistory | null,
  senderAuth: McpSenderAuth
): McpChainPorts & { close(): Promise<void> } {
  let catcher: Promise<Catcher> | null = null;
  const caught = () => (catcher ??= startFlowCatcher(profile, options, report));
  // The leg's last exchange, given the verdict of the checks that follow it (a new leg forgets it).
  let recorded: string | null = null;
  const recording =
    history &&
    ((leg: string) => {
      const r = history(leg);
      recorded = r.record.id;
      return r;
    });
  return {
    send: (step, request) => sendLeg(step, request, { ...options, recording }, report),
    redirectUri: async () => profile.redirectUri || (await caught()).redirectUri,
    authorizeInBrowser: async (url, state) =>
      (await authorizeInBrowser(url, { kind: 'oauth2', state }, await caught(), profile, options, report)).query,
    report: {
      step: (title) => {
        recorded = null;
        report.step(title);
      },
      checks: (checks) => {
        report.checks(checks);
        if (recorded) history?.annotate(recorded, checksVerdict(checks));
      },
      line: (text) => report.line(text),
      assertion: (trace) => report.assertion(trace),
    },
    senderAuth,
    random: nodeRandom,
    crypto: nodeCrypto,
    now: Date.now,
    close: async () => {
      if (catcher) await (await catcher).close();
    },
  };
}

/** A link of the chain that failed, in the words the flows' CLI uses (`failed at <step>: <why>`). */
export const asFlowFailure = (e: unknown): unknown =>
  e instanceof McpChainFailure ? new FlowFailure(e.step, e.message, e.response) : e;
