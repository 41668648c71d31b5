import { mergeSettings, type Lifetimes, type Switches } from './config';
import type { ProviderContext } from './context';
import { stateView, type StateView } from './state-view';
import { CodedError } from '../shared/errors';

/**
 * The mock's control surface as plain functions, so the HTTP admin API (/_mock/) and the app's bridge drive it
 * through one implementation. Bad input throws MockControlError (or ConfigError for settings) with a clear message.
 */
export class MockControlError extends CodedError<'invalid_input' | 'not_found'> {
  override readonly name = 'MockControlError';
  constructor(code: 'invalid_input' | 'not_found', message: string) {
    super(code, undefined, message);
  }
}

export interface MockSettings {
  readonly lifetimes: Lifetimes;
  readonly switches: Switches;
}

/**
 * Who may use the mock, without secrets. A type alias, not an interface, with plain arrays: the bridge's loose
 * schemas need the implicit index signature and mutable arrays that such a type has.
 */
export type MockConfigView = {
  readonly baseUrl: string;
  readonly realm: string;
  readonly consumers: { readonly key: string; readonly callback: string }[];
  readonly clients: {
    readonly id: string;
    readonly public: boolean;
    readonly redirectUris: string[];
    readonly grantTypes: string[];
  }[];
  readonly scopes: string[];
  readonly users: string[];
  readonly autoLoginUser: string | null;
};

export interface MockStateView {
  readonly config: MockConfigView;
  readonly settings: MockSettings;
  readonly state: StateView;
}

export interface ClockView {
  readonly now: string;
  readonly offsetSeconds: number;
}

export interface DeauthorizeResult {
  readonly token: string;
  readonly status: 'valid' | 'deauthorized';
  readonly deauthorizedAt: string;
}

/** Ten years: more than enough to expire anything the mock issues. */
const MAX_CLOCK_ADVANCE = 10 * 365 * 86400;

function configView(ctx: ProviderContext): MockConfigView {
  return {
    baseUrl: ctx.baseUrl(),
    realm: ctx.config.realm,
    consumers: ctx.config.oauth1.consumers.map((c) => ({ key: c.key, callback: c.callback })),
    // Configured clients, then those registered at the registration endpoint (RFC 7591).
    clients: [...ctx.config.oauth2.clients, ...ctx.state.registeredClients.values()].map((c) => ({
      id: c.id,
      public: c.secret === undefined,
      redirectUris: c.redirectUris,
      grantTypes: c.grantTypes,
    })),
    scopes: ctx.config.oauth2.scopes,
    users: ctx.config.users.map((u) => u.username),
    autoLoginUser: ctx.autoLoginUser,
  };
}

/** Configuration without secrets, the settings, and the state's values (never secrets). */
export function readMockState(ctx: ProviderContext): MockStateView {
  return { config: configView(ctx), settings: ctx.settings, state: stateView(ctx.state) };
}

/** A partial change of lifetimes and switches; a bad one throws ConfigError naming each wrong field. */
export function updateMockSettings(ctx: ProviderContext, patch: unknown): MockSettings {
  ctx.settings = mergeSettings(ctx.settings, patch);
  ctx.state.nonces.resize(ctx.settings.switches.nonceMemory);
  ctx.state.dpopJtis.resize(ctx.settings.switches.nonceMemory);
  return ctx.settings;
}

/** Moves the provider's clock forward, so tokens and codes expire without waiting (interface §3). */
export function advanceMockClock(ctx: ProviderContext, seconds: unknown): ClockView {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0 || seconds > MAX_CLOCK_ADVANCE) {
    throw new MockControlError(
      'invalid_input',
      `Send {"seconds": N} with N a number from 0 to ${MAX_CLOCK_ADVANCE}; got ${JSON.stringify(seconds) ?? 'nothing'}.`
    );
  }
  ctx.clock.advance(seconds);
  return clockView(ctx);
}

/** Puts the provider's clock back to real time; what it issued keeps its expiry (clock.ts). */
export function resetMockClock(ctx: ProviderContext): ClockView {
  ctx.clock.reset();
  return clockView(ctx);
}

const clockView = (ctx: ProviderContext): ClockView => ({
  now: new Date(ctx.clock.now()).toISOString(),
  offsetSeconds: ctx.clock.offsetSeconds,
});

/** The user's deauthorization (interface §3): API requests with the token then get 401. Idempotent. */
export function deauthorizeAccessToken(ctx: ProviderContext, token: string): DeauthorizeResult {
  const t = ctx.state.accessTokens.get(token);
  if (!t) throw new MockControlError('not_found', `No OAuth 1.0a access token ${JSON.stringify(token)}.`);
  if (t.status === 'valid') {
    t.status = 'deauthorized';
    t.deauthorizedAt = ctx.clock.now();
  }
  return { token: t.token, status: t.status, deauthorizedAt: new Date(t.deauthorizedAt!).toISOString() };
}

/** Approve every authorization as `user` without the login page (`--auto-login`), or show the page again (null). */
export function setAutoLoginUser(ctx: ProviderContext, user: string | null): void {
  if (user !== null && !ctx.config.users.some((u) => u.username === user)) {
    throw new MockControlError(
      'invalid_input',
      `Auto-login user ${JSON.stringify(user)} is not in the configuration; users: ${ctx.config.users.map((u) => u.username).join(', ')}.`
    );
  }
  ctx.autoLoginUser = user;
}

/** Forgets every token, code, login and nonce, and the event history; settings and the clock stay. */
export function resetMock(ctx: ProviderContext): void {
  ctx.state.clear();
  ctx.events.clear();
}
