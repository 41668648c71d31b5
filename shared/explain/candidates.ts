import { CAUSE_RFC, type CauseId } from './cause-ids';

/** One cause of a failed leg, as the CLI's --json prints it: `leg` indexes the legs, evidence cites entry indices. */
export interface Cause {
  readonly id: CauseId;
  readonly leg: number;
  readonly evidence: string;
  readonly rfc: string;
}

/**
 * How strongly the recorded evidence supports a cause, so the most likely comes first. A provider's own words
 * naming the cause, or a fact that decides it (two different redirect_uri values), outrank what a time or an
 * error code only suggests.
 */
export const WEIGHT = { decisive: 100, strong: 70, likely: 50, possible: 30, weak: 10 } as const;

interface Candidate {
  score: number;
  evidence: string[];
  rfc: string;
  order: number;
}

/** The causes found for one leg, merged by id (their evidence joined, the strongest weight kept, plus a little for each agreeing fact). */
export class CauseList {
  private readonly byId = new Map<CauseId, Candidate>();

  add(id: CauseId, score: number, evidence: string, rfc: string = CAUSE_RFC[id]): void {
    const c = this.byId.get(id);
    if (!c) {
      this.byId.set(id, { score, evidence: [evidence], rfc, order: this.byId.size });
      return;
    }
    c.score = Math.max(c.score, score) + 5;
    if (score > WEIGHT.possible) c.rfc = rfc;
    c.evidence.push(evidence);
  }

  /** Drops a cause the file rules out. */
  ruleOut(id: CauseId): void {
    this.byId.delete(id);
  }

  has(id: CauseId): boolean {
    return this.byId.has(id);
  }

  get size(): number {
    return this.byId.size;
  }

  /** Most likely first; equal weights keep the order they were found in. */
  causes(leg: number): Cause[] {
    return [...this.byId]
      .sort(([, a], [, b]) => b.score - a.score || a.order - b.order)
      .map(([id, c]) => ({ id, leg, evidence: c.evidence.join(' '), rfc: c.rfc }));
  }
}
