import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RawRequest } from '../../../../shared/http';
import { toHar } from '../../../../host/export/har';
import type { RecordedExchange } from '../../../../host/export/types';
import { send } from '../../../../platform/node/transport';
import { runCli } from './run-cli';
import { scratchDir } from '../../../support/scratch-dir';

export interface ExplainJson {
  legs: { kind: string; entries: number[]; ok: boolean }[];
  causes: { id: string; leg: number; evidence: string; rfc: string }[];
}

const form = (fields: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined)).toString();

/**
 * Records real exchanges over the transport, as the app's history does, and exports them with the app's own HAR
 * export; `skewMs` shifts the recorded clock (the mock's clock is advanced by the same amount).
 */
export class HarRecorder {
  readonly exchanges: RecordedExchange[] = [];
  skewMs = 0;

  async send(request: RawRequest): Promise<RecordedExchange> {
    const x = await send(request, { now: () => Date.now() + this.skewMs });
    this.exchanges.push(x);
    return x;
  }

  get(url: string, headers: [string, string][] = []) {
    return this.send({ method: 'GET', url, headers });
  }

  post(url: string, fields: Record<string, string | undefined>, headers: [string, string][] = []) {
    return this.send({
      method: 'POST',
      url,
      headers: [['Content-Type', 'application/x-www-form-urlencoded'], ...headers],
      body: form(fields),
    });
  }

  /**
   * Sends what `later` sends `seconds` on: the mock's clock moved forward, and the recorded times with it. The
   * mock's clock is put back afterwards; the recorded times stay ahead.
   */
  async after<T>(seconds: number, clock: { advance(s: number): void; reset(): void }, later: () => Promise<T>) {
    clock.advance(seconds);
    this.skewMs += seconds * 1000;
    try {
      return await later();
    } finally {
      clock.reset();
    }
  }

  /** Writes the HAR to a fresh file and returns its path. */
  write(): string {
    const file = join(scratchDir('explain-'), 'session.har');
    writeFileSync(file, JSON.stringify(toHar(this.exchanges)));
    return file;
  }

  /** `oauth-lab explain FILE --json` on what was recorded (the file's folder goes when the test ends). */
  async explain(...flags: string[]): Promise<ExplainJson> {
    const { code, out, err } = await runCli(['explain', this.write(), '--json', ...flags]);
    if (code !== 0) throw new Error(`explain exited ${code}: ${err}`);
    return JSON.parse(out) as ExplainJson;
  }
}

/** The ids of the causes of one leg, most likely first. */
export const causeIds = (e: ExplainJson, leg: number) => e.causes.filter((c) => c.leg === leg).map((c) => c.id);
export const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
