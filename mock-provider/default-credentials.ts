/**
 * The mock's built-in consumer, client and user (its default configuration, config.ts), in a module of their own
 * so the CLI's help and the mock's profile name them without loading the configuration's schema.
 */
export const DEFAULT_CREDENTIALS = {
  consumer: {
    key: 'oauth-lab-consumer',
    secret: 'oauth-lab-consumer-secret',
    callback: 'http://127.0.0.1:8765/callback',
  },
  client: {
    id: 'oauth-lab-client',
    secret: 'oauth-lab-client-secret',
    redirectUris: ['http://127.0.0.1:8765/callback'],
  },
  user: { username: 'demo', password: 'demo' },
} as const;
