import type { TextOutput } from '../io';
import type { Check } from '../../../shared/flows';
import type { Exchange, RawRequest, RawResponse } from '../../../shared/http';
import type { ClientAssertionTrace } from '../../../shared/oauth2/client-assertion';
import { responseText } from '../../../shared/http-text';
import { redactBody, redactHeaders } from '../../../mock-provider/redact';
import { terminalSafe, terminalSafeLines } from '../terminal-text';

const MARKS: Readonly<Record<string, string>> = {
  pass: 'ok  ',
  note: 'note',
  warning: 'warn',
  fail: 'FAIL',
  consequence: ' -- ',
};
/** Enough of a body to read an error page or document; the rest is counted, not printed. */
const MAX_BODY = 4096;

/**
 * A response as HTTP/1.1 text for a terminal reader: the status line, the headers and the body cut at 4 KiB, with
 * what the one list of secrets names (shared/secrets.ts) masked as the mock's events mask it.
 */
function rawResponseText(response: RawResponse): string {
  const body =
    response.bodyText.length > MAX_BODY
      ? `${response.bodyText.slice(0, MAX_BODY)}… (${response.bodyText.length - MAX_BODY} more characters)`
      : response.bodyText;
  return responseText({ ...response, headers: redactHeaders(response.headers), bodyText: redactBody(body) });
}

/**
 * Progress on stderr, one step at a time: request line, status, checks. Secrets never printed. Everything that
 * can come from a server goes through terminalSafe, so a hostile server cannot drive the terminal.
 */
export class FlowReport {
  constructor(
    private readonly err: TextOutput,
    private readonly verbose = false
  ) {}

  step(title: string): void {
    this.err.write(`\n== ${terminalSafe(title)}\n`);
  }

  request(r: RawRequest): void {
    this.err.write(`-> ${terminalSafe(r.method)} ${terminalSafe(r.url)}\n`);
  }

  /**
   * A client assertion as it was signed into the request (RFC 7523 §2.2), or a grant's (§2.1, `what` says so):
   * every part but the key, which is named.
   */
  assertion(t: ClientAssertionTrace, what = `client assertion (${t.method}, RFC 7523 §2.2)`): void {
    const rows: [string, string][] = [
      ['header', JSON.stringify(t.header)],
      ['claims', JSON.stringify(t.claims)],
      ['key', t.key],
      ['signing input', t.signingInput],
      ['signature', t.signature],
    ];
    this.err.write(`   ${what}:\n`);
    for (const [name, value] of rows) this.err.write(`     ${name.padEnd(13)} ${terminalSafe(value)}\n`);
  }

  response(e: Exchange): void {
    this.err.write(
      `<- ${e.response.status} ${terminalSafe(e.response.statusText)} (${Math.round(e.timings.total)} ms, ${e.response.bodySize} bytes)\n`
    );
    if (this.verbose) this.raw(e.response);
  }

  /** The raw response, indented, each line made safe. */
  raw(response: RawResponse): void {
    this.err.write(`${terminalSafeLines(rawResponseText(response)).replace(/^/gm, '   | ')}\n`);
  }

  checks(checks: readonly Check[]): void {
    for (const c of checks)
      this.err.write(
        `   ${MARKS[c.kind ?? (c.ok ? 'pass' : 'fail')]} ${terminalSafe(c.name)}: ${terminalSafe(c.message)}\n`
      );
  }

  line(text: string): void {
    this.err.write(`${terminalSafe(text)}\n`);
  }

  blank(): void {
    this.err.write('\n');
  }
}

/** A step that did not complete: the CLI prints `failed at <step>: <why>`, then the response that ended it, and exits 1. */
export class FlowFailure extends Error {
  override readonly name = 'FlowFailure';
  constructor(
    readonly step: string,
    why: string,
    readonly response: RawResponse | null = null
  ) {
    super(why);
  }
}

/** A FlowFailure in words (`failed at <step>: <why>`, then the response that ended it): exit code 1. */
export function flowFailed(e: unknown, command: string, stderr: TextOutput, report: FlowReport): number {
  if (!(e instanceof FlowFailure)) throw e;
  stderr.write(`\noauth-lab flow ${command}: failed at ${e.step}: ${terminalSafe(e.message)}\n`);
  if (e.response) {
    stderr.write('The response (secrets masked):\n');
    report.raw(e.response);
  }
  return 1;
}
