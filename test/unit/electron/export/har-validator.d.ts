/** har-validator 5 ships no types; its promise API resolves with the data or rejects with a HARError. */
declare module 'har-validator' {
  export interface HARError extends Error {
    readonly errors: readonly {
      readonly dataPath?: string;
      readonly instancePath?: string;
      readonly message?: string;
    }[];
  }
  export function har(data: unknown): Promise<unknown>;
  export function request(data: unknown): Promise<unknown>;
  export function response(data: unknown): Promise<unknown>;
  export function entry(data: unknown): Promise<unknown>;
  export function timings(data: unknown): Promise<unknown>;
}

/** httpsnippet's own, strict HAR validation (its types do not resolve under package.json "exports"): throws when invalid. */
declare module 'har-validator-compiled' {
  export function validateRequest(data: unknown): true;
}
