import { oauth1ConfigOf } from '../../../shared/flows';
import { CLIENT_GRANTS } from '../../../shared/flows/driver/registry';
import { LegFailed, runFlow } from '../../../shared/flows/driver/run-flow';
import type { Profile } from '../../../shared/store/profile';
import { startFlowCatcher } from './browser-leg';
import { cliHostPort, NODE_EFFECTS, type CliEffects } from './cli-host-port';
import { stepOfLeg } from './exchange';
import type { FlowRunOptions } from './options';
import { FlowFailure, type FlowReport } from './report';

/**
 * Runs the three OAuth 1.0a legs (interface §4.1) with the profile's settings through the flow driver (the grant's
 * legs in order, shared/flows/driver/) and returns the access token response's fields.
 */
export async function runOAuth1(
  profile: Profile,
  options: FlowRunOptions,
  report: FlowReport,
  effects: CliEffects = NODE_EFFECTS
): Promise<Record<string, string>> {
  const grant = CLIENT_GRANTS.oauth1_three_legged;
  const catcher = await startFlowCatcher(profile, options, report);
  try {
    const config = oauth1ConfigOf(profile, profile.baseUrl, catcher.redirectUri);
    const { state } = await runFlow(grant, config, cliHostPort(profile, catcher, options, report, effects)).catch(
      (e: unknown) => {
        if (e instanceof LegFailed)
          throw new FlowFailure(stepOfLeg(e.leg), e.message, e.run.exchange?.response ?? null);
        throw e;
      }
    );
    const { token, secret, fields } = state.accessToken!;
    return { oauth_token: token, oauth_token_secret: secret, ...fields };
  } finally {
    await catcher.close();
  }
}
