import { newToken, tokensEqual } from './token';

/**
 * One-time launch codes, for the address the browser is opened on (written into the launch page, launch-page.ts):
 * a URL stays in the browser's history, so what it carries must be worth nothing once used. A code lets one browser
 * in once, within a short time, and is worth nothing afterwards.
 */
export const LAUNCH_PARAM = 'launch';
const LAUNCH_CODE_TTL_MS = 60_000;
/** Launches are rare: the last few codes are remembered (used or expired ones too, so a refusal can say which). */
const REMEMBERED = 16;

export type Redeemed = 'ok' | 'used' | 'expired' | 'unknown';

interface Code {
  readonly value: string;
  readonly expiresAt: number;
  used: boolean;
  /** Called when the code is first presented (in time or not): what carried it has served its purpose. */
  readonly onSpent: () => void;
}

export class LaunchCodes {
  private codes: Code[] = [];

  constructor(
    private readonly ttlMs: number = LAUNCH_CODE_TTL_MS,
    private readonly now: () => number = Date.now
  ) {}

  /** A fresh code, as strong as the token it stands in for. */
  issue(onSpent: () => void = () => {}): string {
    const value = newToken();
    const code = { value, expiresAt: this.now() + this.ttlMs, used: false, onSpent };
    this.codes = [...this.codes.slice(-(REMEMBERED - 1)), code];
    return value;
  }

  /** Uses the code up. Every code is compared (constant time, no early exit), so timing does not say which matched. */
  redeem(candidate: string): Redeemed {
    let found: Code | undefined;
    for (const c of this.codes) if (tokensEqual(candidate, c.value) && !found) found = c;
    if (!found) return 'unknown';
    if (found.used) return 'used';
    found.used = true;
    found.onSpent();
    return found.expiresAt > this.now() ? 'ok' : 'expired';
  }

  /** Why a code did not let the browser in, in words. */
  refusal(result: Exclude<Redeemed, 'ok'>): string {
    if (result === 'used')
      return 'This launch address was already used: it lets one browser in, once. If you did not open it twice yourself, another program on this computer used it first; stop OAuth Lab (Ctrl-C) and start it again.';
    if (result === 'expired')
      return `This launch address expired: it is valid for ${Math.round(this.ttlMs / 1000)} s after OAuth Lab opened it.`;
    return 'This launch address is not one of the running OAuth Lab (each launch makes new ones).';
  }
}
