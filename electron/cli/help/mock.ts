/** `oauth-lab mock --help`: its own module, so printing it loads nothing the command runs with. */
import { DEFAULT_CREDENTIALS } from '../../services/provider/default-credentials';

export const MOCK_HELP = `Usage: oauth-lab mock [--port N] [--host 127.0.0.1] [--config FILE] [--auto-login USER]

Starts the mock OAuth 1.0a / OAuth 2 provider and prints its base URL (http://127.0.0.1:PORT) on stdout
when it is ready. Stops on Ctrl-C (SIGINT) or SIGTERM.

  --port N            port to listen on, 0 to 65535 (default 0: a free port)
  --host ADDRESS      address to bind (default 127.0.0.1; keep it on loopback)
  --config FILE       JSON configuration (consumers, clients, users, lifetimes, switches)
  --auto-login USER   approve every authorization as USER without showing the login page

Built-in configuration: consumer ${DEFAULT_CREDENTIALS.consumer.key}, OAuth 2 client ${DEFAULT_CREDENTIALS.client.id},
user ${DEFAULT_CREDENTIALS.user.username}; callback ${DEFAULT_CREDENTIALS.consumer.callback} (any port on loopback).
`;
