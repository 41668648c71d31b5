import type { Emulation } from '../provider-emulation';

/** The credentials every preset emulation registers; the tests fill them into the preset's profile. */
export const EMULATED_CLIENT = { id: 'preset-client', secret: 'preset-secret' } as const;

/**
 * A provider's documented behaviour on loopback: `hosts` maps each real origin the preset names (https://github.com)
 * to the emulation serving it; `expected` are fields the token response must carry when the preset's settings are
 * what the documentation asks for (a refresh token, say).
 */
export interface PresetEmulation {
  readonly hosts: Readonly<Record<string, string>>;
  readonly expected?: Readonly<Record<string, unknown>>;
  readonly servers: readonly Emulation[];
  /** Whether the emulation issued tokens: every documented requirement of the token request was met. */
  granted(): boolean;
}
