import { BoundedTable } from '../../shared/bounded-table';
import { CatcherError } from './errors';
import { valuesOf } from '../../shared/flows/callback-query';
import type { CallbackParam, CaughtCallback, MatchedBy, WaitTarget } from './types';

/** What became of a wait that is no longer pending, remembered so a late or repeated hit gets the right page. */
export type FinishedOutcome = 'handled' | 'timed_out' | 'cancelled';

interface Entry {
  readonly key: string;
  readonly target: WaitTarget;
  readonly resolve: (r: CaughtCallback) => void;
  readonly reject: (e: CatcherError) => void;
  readonly cleanup: () => void;
}

export type Lookup =
  | { readonly type: 'pending'; readonly target: WaitTarget; readonly key: string; readonly matchedBy: MatchedBy }
  | { readonly type: 'finished'; readonly outcome: FinishedOutcome }
  | { readonly type: 'none' };

const NO_STATE = 'oauth2\u0000(no state)';
const keyOf = (t: WaitTarget) =>
  t.kind === 'oauth1' ? `oauth1\u0000${t.requestToken}` : t.state === null ? NO_STATE : `oauth2\u0000${t.state}`;
const OAUTH1_NAMES = ['oauth_token', 'oauth_verifier', 'denied', 'oauth_problem'];
const MAX_FINISHED = 1000;

/**
 * The keys a callback could belong to, each with how it would match. Knowing a pending flow's state or request token
 * is what ties a callback to it, so every value counts; a repeated one then fails that flow's checks.
 */
function candidateKeys(params: readonly CallbackParam[]): [string, MatchedBy][] {
  const out: [string, MatchedBy][] = [];
  for (const state of new Set(valuesOf(params, 'state'))) out.push([`oauth2\u0000${state}`, 'state']);
  const tokens = valuesOf(params, 'oauth_token');
  if (tokens.length > 0) for (const token of new Set(tokens)) out.push([`oauth1\u0000${token}`, 'oauth_token']);
  else for (const denied of new Set(valuesOf(params, 'denied'))) out.push([`oauth1\u0000${denied}`, 'denied']);
  if (valuesOf(params, 'state').length === 0 && !params.some(([n]) => OAUTH1_NAMES.includes(n)))
    out.push([NO_STATE, 'no_state']);
  return out;
}

/** The pending waits of one catcher, keyed by state / request token, with timeouts and cancellation. */
export class WaitRegistry {
  private readonly pending = new Map<string, Entry>();
  /** The outcomes of the last MAX_FINISHED waits, so a late or repeated hit is told what became of its flow. */
  private readonly finished = new BoundedTable<string, FinishedOutcome>(MAX_FINISHED);

  constructor(
    private readonly redirectUri: string,
    private readonly onIdle: () => void
  ) {}

  get size(): number {
    return this.pending.size;
  }

  add(target: WaitTarget, timeoutMs: number, signal: AbortSignal | undefined): Promise<CaughtCallback> {
    const key = keyOf(target);
    if (this.pending.has(key)) {
      const what = target.kind === 'oauth1' ? 'request token' : target.state === null ? 'absent state' : 'state';
      return Promise.reject(
        new CatcherError(
          'duplicate_wait',
          `Another flow is already waiting with the same ${what}; each pending flow needs its own ${target.kind === 'oauth1' ? 'request token' : 'random state'}.`
        )
      );
    }
    if (signal?.aborted)
      return Promise.reject(
        new CatcherError('wait_aborted', 'The wait for the callback was cancelled before it started.')
      );
    return new Promise<CaughtCallback>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.finish(key, 'timed_out');
        reject(
          new CatcherError(
            'callback_timeout',
            `No callback arrived at ${this.redirectUri} within ${Math.round(timeoutMs / 1000)} s. Either the sign-in in the browser was not finished, or the provider redirected elsewhere (the registered redirect URI must be exactly ${this.redirectUri}). Start the flow again.`
          )
        );
      }, timeoutMs);
      const onAbort = () => {
        this.finish(key, 'cancelled');
        reject(new CatcherError('wait_aborted', 'The wait for the callback was cancelled.'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const cleanup = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      this.pending.set(key, { key, target, resolve, reject, cleanup });
    });
  }

  /** Finds the wait a callback belongs to, or what became of it. */
  lookup(params: readonly CallbackParam[]): Lookup {
    const candidates = candidateKeys(params);
    for (const [key, matchedBy] of candidates) {
      const e = this.pending.get(key);
      if (e) return { type: 'pending', target: e.target, key, matchedBy };
    }
    for (const [key] of candidates) {
      const outcome = this.finished.get(key);
      if (outcome) return { type: 'finished', outcome };
    }
    return { type: 'none' };
  }

  deliver(key: string, result: CaughtCallback): void {
    const e = this.pending.get(key);
    if (!e) return;
    this.finish(key, 'handled');
    e.resolve(result);
  }

  rejectAll(error: CatcherError): void {
    for (const e of [...this.pending.values()]) {
      this.finish(e.key, 'cancelled');
      e.reject(error);
    }
  }

  private finish(key: string, outcome: FinishedOutcome): void {
    const e = this.pending.get(key);
    if (!e) return;
    e.cleanup();
    this.pending.delete(key);
    this.finished.set(key, outcome);
    if (this.pending.size === 0) this.onIdle();
  }
}
