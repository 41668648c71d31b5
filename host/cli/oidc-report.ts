import type { Check } from '../../shared/flows';
import {
  endpointSourceWords,
  redirectLine,
  type AccessTokenView,
  type ChosenEndpoint,
  type Redirect,
  type ValidationStep,
} from '../../shared/oidc';
import { terminalSafe } from './terminal-text';

const MARK = { passed: 'ok  ', failed: 'FAIL', skipped: '--  ' } as const;

/** One line per step of a validation trace: its mark, title, section and what it found (server text escaped). */
export const stepLines = (steps: readonly ValidationStep[]): string[] =>
  steps.map((s) => `   ${MARK[s.status]} ${s.title} [${s.section}]: ${terminalSafe(s.detail)}`);

export const checkLines = (checks: readonly Check[]): string[] =>
  checks.map((c) => `   ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${terminalSafe(c.message)}`);

/**
 * The access token as the client sees it (describeAccessToken, as the page shows it): opaque, or a JWT with the RFC
 * 9068 steps. They are shown and do not fail a flow: the client treats the token as opaque (RFC 9068 §6).
 */
export function accessTokenLines(at: AccessTokenView): string[] {
  if (at.kind === 'opaque') return [`   access token: ${at.note}`];
  return [
    `   access token: a JWT${at.profile ? ' (RFC 9068)' : ''}, expires ${at.expiresAt ?? 'at no readable time'}, audience ${terminalSafe(at.audience.join(', ') || 'none')}. ${at.notes.join(' ')}`,
    ...stepLines(at.steps),
  ];
}

/** The redirects followed to a document, one line each (server text escaped). */
export const redirectLines = (redirects: readonly Redirect[]): string[] =>
  redirects.map((r) => `   redirected: ${terminalSafe(redirectLine(r))}`);

/**
 * Which endpoint is used and where it came from, in the app's words (endpointSourceWords): on the command line a
 * profile setting is the flag that set it; the metadata names its issuer, a preset its name. Null when neither the
 * flags nor the metadata name one.
 */
export const endpointLine = (name: string, chosen: ChosenEndpoint | null, flag: string): string =>
  chosen
    ? `   ${name}: ${terminalSafe(chosen.url)} (from ${terminalSafe(endpointSourceWords(chosen, flag))})`
    : `   ${name}: none (neither ${flag} nor the provider's metadata names one)`;
