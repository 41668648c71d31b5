/** `oauth-lab web --help`: its own module, so printing it loads nothing the command runs with. */
export const WEB_HELP = `Usage: oauth-lab web [--port N] [--no-open] [--store-dir DIR]

Serves the OAuth Lab app in your browser (browser mode): the built renderer and the app's services on
http://127.0.0.1:PORT, protected by a per-launch token that is part of the URL it prints (the browser is opened
at a one-time launch address instead, since any local user can read a command line). Stops on Ctrl-C.

  --port N          port to listen on, 0 to 65535 (default 0: a free port)
  --no-open         print the URL without opening the default browser
  --store-dir DIR   keep profiles, tokens and history in DIR (default: the per-user config directory)

Build the page first with "npm run build" ("npm run web" builds and starts in one go).
`;
