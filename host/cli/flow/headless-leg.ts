import { pastedQuery } from '../../../shared/flows';
import { sendLeg } from './exchange';
import type { Landed } from './browser-leg';
import type { FlowRunOptions } from './options';
import { FlowFailure, type FlowReport } from './report';

/**
 * The front-channel leg without a browser (--headless): GETs the authorization URL itself, follows no
 * redirect, and takes the code from the Location of the 302 (RFC 6749 §4.1.2). Only for an issuer that approves at
 * once (the mock with --auto-login, the grader): a login page is a failure that says so.
 */
export async function authorizeHeadless(url: string, options: FlowRunOptions, report: FlowReport): Promise<Landed> {
  const exchange = await sendLeg('authorize', { method: 'GET', url, headers: [] }, options, report);
  const response = exchange.response;
  const location = response.headers.find(([n]) => n.toLowerCase() === 'location')?.[1];
  if (response.status < 300 || response.status > 399 || location === undefined)
    throw new FlowFailure(
      'authorize',
      `The authorization endpoint answered ${response.status} without a redirect: --headless needs an issuer that approves at once (the mock with --auto-login, the grader); run without --headless to log in in a browser.`,
      response
    );
  try {
    return pastedQuery(new URL(location, url).href);
  } catch (e) {
    throw new FlowFailure('authorize', (e as Error).message, response);
  }
}
