/** `oauth-lab web --help`: its own module, so printing it loads nothing the command runs with. */
export const WEB_HELP = `Usage: oauth-lab web [--port N] [--no-open] [--store-dir DIR]

Serves the OAuth Lab app in your browser (browser mode): the built renderer and the app's services on
127.0.0.1, under a name of its own for each launch (http://oauth-lab-<random>.localhost:PORT, which browsers and
curl resolve to 127.0.0.1 themselves), so its session cookie reaches no other port. Protected by a per-launch token
that is part of the URL it prints. The browser is opened on a file only you can read, which sends it to a
one-time launch address: any local user can read a command line, so the browser gets the file's path only.
Stops on Ctrl-C.

  --port N          port to listen on, 0 to 65535 (default 0: a free port)
  --no-open         print the URL without opening the default browser
  --store-dir DIR   keep profiles, tokens and history in DIR (default: the per-user config directory)

Build the page first with "npm run build" ("npm run web" builds and starts in one go).
`;
