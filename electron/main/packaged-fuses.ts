/**
 * Electron's fuses for the packaged app (https://www.electronjs.org/docs/latest/tutorial/fuses): switches compiled
 * into the Electron binary, flipped once when the app is packaged, so nothing at run time (an environment variable,
 * a command-line flag) can turn them back. Keyed by @electron/fuses' FuseV1Options names, with their index in the
 * fuse wire; a packaging step passes them to `flipFuses(electronBinary, { version: FuseVersion.V1, ...})`.
 *
 * OAuth Lab has no packaging step yet (`npm start` runs a stock Electron, whose fuses cannot be flipped without
 * changing the shared binary) and @electron/fuses is not a dependency: this is the list that step must apply.
 */
export const PACKAGED_APP_FUSES = {
  /** [0] ELECTRON_RUN_AS_NODE would turn the signed app into a plain Node that runs any script. */
  RunAsNode: false,
  /** [1] Cookies on disk encrypted with an OS-keychain key, like safeStorage's secrets. */
  EnableCookieEncryption: true,
  /** [2] NODE_OPTIONS (--require, --inspect …) would inject code into the main process. */
  EnableNodeOptionsEnvironmentVariable: false,
  /** [3] --inspect and --inspect-brk would open a debugger on the main process, where the secrets are. */
  EnableNodeCliInspectArguments: false,
  /** [4] app.asar checked against the hash embedded at packaging time (macOS, Windows): a changed app fails. */
  EnableEmbeddedAsarIntegrityValidation: true,
  /** [5] Only app.asar is loaded, never a loose app/ folder someone put beside it (which no integrity check covers). */
  OnlyLoadAppFromAsar: true,
  /** [7] file:// pages get no more than a browser gives them; the app's page is served over app:// instead. */
  GrantFileProtocolExtraPrivileges: false,
} as const;
