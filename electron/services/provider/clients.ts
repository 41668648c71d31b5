import type { ClientConfig } from './config';
import type { ProviderContext } from './context';

/** An OAuth 2 client by id: one of the configuration's, or one registered at the registration endpoint (RFC 7591). */
export const findClient = (ctx: ProviderContext, id: string): ClientConfig | undefined =>
  ctx.config.oauth2.clients.find((c) => c.id === id) ?? ctx.state.registeredClients.get(id);
