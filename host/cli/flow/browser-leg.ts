import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pastedQuery, redirectReachesCatcher } from '../../../shared/flows';
import type { Param } from '../../../shared/url-encoded';
import type { Profile } from '../../../shared/store/profile';
import { CatcherError, startCatcher, type Catcher, type CatcherEvent, type WaitTarget } from '../../catcher';
import { openInSystemBrowser } from '../../open-browser';
import type { FlowRunOptions } from './options';
import { FlowFailure, type FlowReport } from './report';

/**
 * Starts the loopback catcher for a flow; a busy port becomes a failure of the "callback listener" step. A request
 * to the callback that is not this flow's (any web page can make one) is reported as refused, and the wait goes on.
 */
export function startFlowCatcher(profile: Profile, options: FlowRunOptions, report: FlowReport): Promise<Catcher> {
  const onEvent = (e: CatcherEvent) => {
    if (e.type === 'callback' && e.outcome === 'unmatched')
      report.line(
        'Refused a request to the callback without the state or oauth_token this flow waits for (RFC 6749 §10.12); still waiting.'
      );
  };
  return startCatcher({
    port: profile.callbackPort,
    path: profile.callbackPath,
    timeoutMs: options.waitTimeoutMs,
    onEvent,
  }).catch((e: unknown) => {
    throw e instanceof CatcherError ? new FlowFailure('callback listener', e.message) : e;
  });
}

/** The redirect's query, from the catcher or pasted. */
export interface Landed {
  readonly query: string;
  readonly params: readonly Param[];
}

/**
 * The front-channel leg: prints the URL on its own line, opens the system browser unless told not to, and waits
 * for the redirect at the catcher; when the profile's redirect URI cannot reach the catcher (an https URL, another
 * host, a name such as an eBay RuName), it reads the URL the browser landed on from stdin instead.
 */
export async function authorizeInBrowser(
  url: string,
  target: WaitTarget,
  catcher: Catcher,
  profile: Profile,
  options: FlowRunOptions,
  report: FlowReport
): Promise<Landed> {
  const paste = !!profile.redirectUri && !redirectReachesCatcher(profile.redirectUri, catcher.redirectUri);
  const caught = paste ? null : catcher.wait(target);
  report.line('Open this URL to authorize:');
  report.line(url);
  if (options.open && !(await openInSystemBrowser(url)))
    report.line('(Could not start a browser; open the URL above yourself.)');
  if (paste) {
    report.line(
      `The provider redirects to ${profile.redirectUri}, which this listener cannot receive. Paste the URL your browser landed on (from its address bar) and press Enter:`
    );
    const line = await firstLine(options.stdin, options.waitTimeoutMs);
    if (line === null) throw new FlowFailure('authorize', 'No URL was pasted (stdin closed or the wait timed out).');
    try {
      return pastedQuery(line);
    } catch (e) {
      throw new FlowFailure('authorize', (e as Error).message);
    }
  }
  report.line(`Waiting for the redirect to ${catcher.redirectUri} ...`);
  try {
    return await caught!;
  } catch (e) {
    if (e instanceof CatcherError) throw new FlowFailure('authorize', e.message);
    throw e;
  }
}

/** The first non-empty line of a stream, or null when it ends or the time is up. */
function firstLine(input: NodeJS.ReadableStream, timeoutMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    const lines = createInterface({ input, crlfDelay: Infinity });
    let settled = false;
    const done = (value: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
      lines.close();
      // readline only pauses its input, and a paused pipe or terminal still holds Node's event loop open: the one
      // line is all a flow reads, so stdin is let go of and the CLI exits once the flow ends.
      if (input instanceof Readable) input.destroy();
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    lines.on('line', (l) => {
      if (l.trim() !== '') done(l.trim());
    });
    lines.on('close', () => done(null));
  });
}
