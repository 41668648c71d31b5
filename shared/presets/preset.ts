import type { ProfileInput } from '../store/profile';

/**
 * A well-known provider's documented settings, as data: what a profile started from it holds. Credentials are
 * never part of a preset; the user registers an application with the provider and types them in.
 */
export interface Preset {
  /** Short, lower-case: `--preset github`. */
  readonly id: string;
  readonly name: string;
  readonly protocol: 'oauth1' | 'oauth2';
  /** The provider's documentation each setting comes from. */
  readonly docs: readonly string[];
  /** What to register or know before the first flow, in one or two sentences. */
  readonly note: string;
  readonly profile: Omit<ProfileInput, 'id' | 'name'>;
}
