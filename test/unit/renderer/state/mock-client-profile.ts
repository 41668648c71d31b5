import { profileSchema, type Profile } from '../../../../shared/store/profile';
import { C } from '../../mock-provider/helpers';

/** The built-in profile with the mock's default client, and `oauth2`'s other settings (scope, client authentication). */
export const mockClientProfile = (oauth2: Record<string, unknown> = {}): Profile =>
  profileSchema.parse({
    id: 'mock',
    name: 'Mock provider',
    builtIn: true,
    oauth2: { clientId: C.client.id, clientSecret: C.client.secret, ...oauth2 },
  });
