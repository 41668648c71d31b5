/** `oauth-lab mock --help`: its own module, so printing it loads nothing the command runs with. */
import { DEFAULT_CREDENTIALS } from '../../../mock-provider/default-credentials';

export const MOCK_HELP = `Usage: oauth-lab mock [--port N] [--tls-port N] [--host 127.0.0.1] [--config FILE] [--auto-login USER]
                     [--store-dir DIR]
       oauth-lab mock --issue-client-cert NAME [--store-dir DIR]

Starts the mock OAuth 1.0a / OAuth 2 provider and prints its base URL (http://127.0.0.1:PORT) on stdout
when it is ready. Beside it, a mutual-TLS port (RFC 8705: tls_client_auth, self_signed_tls_client_auth,
certificate-bound tokens) whose address and local CA certificate are printed on stderr. Stops on Ctrl-C
(SIGINT) or SIGTERM.

  --port N            port to listen on, 0 to 65535 (default 0: a free port)
  --host ADDRESS      address to bind (default 127.0.0.1; keep it on loopback)
  --config FILE       JSON configuration (consumers, clients, users, lifetimes, switches)
  --auto-login USER   approve every authorization as USER without showing the login page, and every device
                      code whose verification_uri_complete is opened
  --tls-port N        the mutual-TLS port (default 0: a free port)
  --store-dir DIR     where the mock's local CA is kept, in DIR/mock-ca/ (default: the per-user config
                      directory, as oauth-lab web); made on first use and kept
  --issue-client-cert NAME
                      issue a client certificate CN=NAME from the local CA, write it and its key to
                      DIR/mock-ca/clients/, print their paths, subject DN and x5t#S256, and exit

Built-in configuration: consumer ${DEFAULT_CREDENTIALS.consumer.key}, OAuth 2 client ${DEFAULT_CREDENTIALS.client.id},
user ${DEFAULT_CREDENTIALS.user.username}; callback ${DEFAULT_CREDENTIALS.consumer.callback} (any port on loopback).
The client's demo signing key (kid ${DEFAULT_CREDENTIALS.client.jwks.keys[0].kid}), for --private-key: docs/mock.md.
`;
