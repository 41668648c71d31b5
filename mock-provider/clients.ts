import { documentClient } from './client-metadata-document';
import type { ClientConfig } from './config';
import type { ProviderContext } from './context';

/**
 * An OAuth 2 client by id: one of the configuration's, one registered at the registration endpoint (RFC 7591), or
 * one a client ID metadata document describes (fetched before the request was routed).
 */
export const findClient = (ctx: ProviderContext, id: string): ClientConfig | undefined =>
  ctx.config.oauth2.clients.find((c) => c.id === id) ?? ctx.state.registeredClients.get(id) ?? documentClient(ctx, id);
