/**
 * The built-in client's signing key, a demo key pair as public as its secret: the client registers the public half
 * (RFC 7591 §2 jwks) and the app's built-in profile holds the private half, so its request objects are signed ES256
 * (RFC 9101 §4), which the mock's default (requestObjectAlgs asymmetric) verifies.
 */
const CLIENT_PUBLIC_JWK = {
  kty: 'EC',
  crv: 'P-256',
  x: '1PvR-BrnqqJvpAbV5z01zuUKfYh_PljvA_KZEB6yXyc',
  y: 'fsGazxCAk44M1_vN8xHZB7sCw_EeCEdBElKj6wTiaow',
  kid: 'oauth-lab-client-demo',
  alg: 'ES256',
  use: 'sig',
} as const;

/** The private half of the built-in client's demo key (a JWK), for the app's built-in mock profile. */
export const DEFAULT_CLIENT_PRIVATE_JWK = {
  ...CLIENT_PUBLIC_JWK,
  d: 'KxLRYhzyY89s4wT7Dd7gC6mtYovX1IxItC28erAVN-w',
} as const;

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
    jwks: { keys: [CLIENT_PUBLIC_JWK] },
  },
  user: { username: 'demo', password: 'demo' },
} as const;
