/** The part of node-oidc-provider's API the interop test uses (the package ships no type declarations). */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Interaction {
    readonly uid: string;
    readonly params: Readonly<Record<string, unknown>>;
  }
  interface Account {
    readonly accountId: string;
    claims(): Record<string, unknown>;
  }
  interface Configuration {
    clients?: Record<string, unknown>[];
    cookies?: { keys: string[] };
    clientAuthMethods?: string[];
    ttl?: Record<string, number | ((ctx: unknown, token: unknown, client: unknown) => number)>;
    scopes?: string[];
    claims?: Record<string, string[]>;
    features?: Record<string, { enabled: boolean } & Record<string, unknown>>;
    interactions?: { url(ctx: unknown, interaction: Interaction): string };
    findAccount?(ctx: unknown, sub: string): Account;
    /** Members added to the discovery document as they are (such as mtls_endpoint_aliases, RFC 8705 §5). */
    discovery?: Record<string, unknown>;
  }
  /** RFC 8628's device code as the provider keeps it (models/device_code.js). */
  class DeviceCode {
    static findByUserCode(userCode: string): Promise<DeviceCode | undefined>;
    readonly clientId: string;
    accountId?: string;
    grantId?: string;
    error?: string;
    errorDescription?: string;
    save(): Promise<string>;
  }
  class Grant {
    constructor(init: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  /** The provider's error classes (lib/helpers/errors.js), as a registration policy throws them. */
  export const errors: { InvalidClientMetadata: new (description: string) => Error };
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    readonly Grant: typeof Grant;
    readonly DeviceCode: typeof DeviceCode;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean }
    ): Promise<void>;
  }
}
