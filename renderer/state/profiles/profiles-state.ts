import type { Preset } from '../../../shared/presets';
import type { MethodOutput } from '../../../shared/bridge/contract';
import type { Profile } from '../../../shared/store/profile';
import type { SavedToken } from '../../../shared/store/saved-token';
import type { FieldErrors, FieldPath, ProfileDraft } from '../../features/profiles/profile-draft';

export interface Editing {
  readonly draft: ProfileDraft;
  /** What was saved (or the new profile's defaults), to discard changes back to. */
  readonly original: ProfileDraft;
  readonly isNew: boolean;
  /** The provider preset a new profile started from: its notes and documentation show above the form. */
  readonly preset?: Preset;
}

/** An action that would replace the draft, held while the user is asked about its unsaved changes. */
export type Replacement =
  | { readonly kind: 'open'; readonly profile: Profile }
  | { readonly kind: 'new'; readonly preset?: Preset }
  | { readonly kind: 'duplicate'; readonly profile: Profile };

export interface Status {
  readonly text: string;
  readonly tone: 'ok' | 'bad';
}

export interface ProfilesState {
  readonly editing: Editing | null;
  /** Fields the user changed: their messages show as typed; every message shows after a save attempt. */
  readonly touched: ReadonlySet<FieldPath>;
  readonly showAllErrors: boolean;
  /** The bridge's `invalid_input` answer to the last save, by field; a field's goes when it is edited. */
  readonly serverErrors: FieldErrors;
  readonly busy: boolean;
  readonly status: Status | null;
  readonly confirmingDelete: string | null;
  /** Asked for while the draft had unsaved changes: done only once the user chooses to discard them. */
  readonly replacing: Replacement | null;
  /** A new profile another page asked for, started when the page opens. */
  readonly handedOver: Preset | null;
  readonly tokens: readonly SavedToken[];
  readonly tokensError: string | null;
  readonly exported: MethodOutput<'profilesExport'> | null;
  readonly exportError: string | null;
  readonly imported: MethodOutput<'profilesImport'> | null;
  readonly importError: string | null;
  pageOpened(): Promise<void>;
  profileOpened(profile: Profile): Promise<void>;
  /** A new profile, empty or from a provider preset (shared/presets). */
  newProfileStarted(presetId?: string): void;
  /** From another page (discovery): the new profile starts when this page opens, asking first about unsaved changes. */
  newProfileHandedOver(preset: Preset): void;
  fieldEdited(path: FieldPath, value: string | boolean): void;
  changesDiscarded(): void;
  saveRequested(): Promise<void>;
  duplicateRequested(profile: Profile): Promise<void>;
  replaceConfirmed(): Promise<void>;
  replaceCancelled(): void;
  deleteRequested(id: string): void;
  deleteCancelled(): void;
  deleteConfirmed(): Promise<void>;
  tokenDeleteRequested(id: string): Promise<void>;
  exportRequested(includeSecrets: boolean): Promise<void>;
  importRequested(json: string): Promise<void>;
}
