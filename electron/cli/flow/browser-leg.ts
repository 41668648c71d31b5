import { CatcherError, startCatcher, type Catcher, type CatcherEvent, type CaughtCallback, type WaitTarget } from '../../services/catcher';
import { openInSystemBrowser } from '../../services/open-browser';
import type { FlowRunOptions } from './options';
import { FlowFailure, type FlowReport } from './report';

/**
 * Starts the loopback catcher for a flow; a busy port becomes a failure of the "callback listener" step. A request
 * to the callback that is not this flow's (any web page can make one) is reported as refused, and the wait goes on.
 */
export function startFlowCatcher(options: FlowRunOptions, report: FlowReport): Promise<Catcher> {
  const onEvent = (e: CatcherEvent) => {
    if (e.type === 'callback' && e.outcome === 'unmatched') report.line('Refused a request to the callback without the state or oauth_token this flow waits for (RFC 6749 §10.12); still waiting.');
  };
  return startCatcher({ port: options.callbackPort, path: options.callbackPath, timeoutMs: options.waitTimeoutMs, onEvent }).catch((e: unknown) => {
    throw e instanceof CatcherError ? new FlowFailure('callback listener', e.message) : e;
  });
}

/**
 * The front-channel leg: registers the wait first, prints the URL on its own line, opens the system browser unless
 * told not to, and waits for the redirect. A timeout or cancel becomes a failure of the "authorize" step.
 */
export async function authorizeInBrowser(url: string, target: WaitTarget, catcher: Catcher, options: FlowRunOptions, report: FlowReport): Promise<CaughtCallback> {
  const caught = catcher.wait(target);
  report.line('Open this URL to authorize:');
  report.line(url);
  if (options.open && !(await openInSystemBrowser(url))) report.line('(Could not start a browser; open the URL above yourself.)');
  report.line(`Waiting for the redirect to ${catcher.redirectUri} ...`);
  try {
    return await caught;
  } catch (e) {
    if (e instanceof CatcherError) throw new FlowFailure('authorize', e.message);
    throw e;
  }
}
