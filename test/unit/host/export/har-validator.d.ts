/** httpsnippet's own, strict HAR 1.2 validation (its types do not resolve under package.json "exports"): throws a HARError naming the failing paths. */
declare module 'har-validator-compiled' {
  export interface HARError extends Error {
    readonly errors: readonly { readonly instancePath?: string; readonly message?: string }[];
  }
  export function validateHar(data: unknown): true;
  export function validateRequest(data: unknown): true;
}
