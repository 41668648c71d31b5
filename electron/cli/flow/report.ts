import type { Exchange, RawRequest } from '../../../shared/http';
import type { Check } from '../../../shared/flows';

/** Progress on stderr, one step at a time: request line, status, checks. Secrets never printed. */
export class FlowReport {
  constructor(private readonly err: NodeJS.WritableStream) {}

  step(title: string): void {
    this.err.write(`\n== ${title}\n`);
  }

  request(r: RawRequest): void {
    this.err.write(`-> ${r.method} ${r.url}\n`);
  }

  response(e: Exchange): void {
    this.err.write(`<- ${e.response.status} ${e.response.statusText} (${Math.round(e.timings.total)} ms, ${e.response.bodySize} bytes)\n`);
  }

  checks(checks: readonly Check[]): void {
    for (const c of checks) this.err.write(`   ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.message}\n`);
  }

  line(text: string): void {
    this.err.write(`${text}\n`);
  }
}

/** A step that did not complete: the CLI prints `failed at <step>: <why>` and exits 1. */
export class FlowFailure extends Error {
  override readonly name = 'FlowFailure';
  constructor(
    readonly step: string,
    why: string,
  ) {
    super(why);
  }
}
