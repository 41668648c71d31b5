import type { Check } from '../../shared/flows';
import { redirectLine, type Redirect, type ValidationStep } from '../../shared/oidc';
import { terminalSafe } from './terminal-text';

const MARK = { passed: 'ok  ', failed: 'FAIL', skipped: '--  ' } as const;

/** One line per step of a validation trace: its mark, title, section and what it found (server text escaped). */
export const stepLines = (steps: readonly ValidationStep[]): string[] =>
  steps.map((s) => `   ${MARK[s.status]} ${s.title} [${s.section}]: ${terminalSafe(s.detail)}`);

export const checkLines = (checks: readonly Check[]): string[] =>
  checks.map((c) => `   ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${terminalSafe(c.message)}`);

/** The redirects followed to a document, one line each (server text escaped). */
export const redirectLines = (redirects: readonly Redirect[]): string[] =>
  redirects.map((r) => `   redirected: ${terminalSafe(redirectLine(r))}`);
