import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createAppServices } from '../../services/bridge/app-services';
import { openInSystemBrowser, openLocalPageInSystemBrowser } from '../../services/open-browser';
import { createAppStore } from '../../services/store';
import { startWebHost } from '../../web';
import { parseFlags } from '../flags';
import { untilStopped, UsageError, type CliIO, type Command } from '../io';

const HELP = `Usage: oauth-lab web [--port N] [--no-open] [--store-dir DIR]

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

const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const RENDERER_DIR = `${PACKAGE_ROOT}out/renderer`;

export const webCommand: Command = async (argv: string[], io: CliIO) => {
  const flags = parseFlags(
    argv,
    {
      port: { type: 'string', default: '0' },
      'no-open': { type: 'boolean', default: false },
      'store-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    'web'
  );
  if (flags.help) {
    io.stdout.write(HELP);
    return 0;
  }
  if (!/^[0-9]{1,5}$/.test(flags.port) || Number(flags.port) > 65535)
    throw new UsageError(
      `--port must be a whole number from 0 to 65535 (0 picks a free port); got ${JSON.stringify(flags.port)}.`
    );
  if (!existsSync(`${RENDERER_DIR}/index.html`)) {
    io.stderr.write(
      `oauth-lab web: the app page is not built (${RENDERER_DIR}/index.html is missing); run "npm run build" first, or "npm run web".\n`
    );
    return 1;
  }
  const version = (JSON.parse(readFileSync(`${PACKAGE_ROOT}package.json`, 'utf8')) as { version: string }).version;
  const store = createAppStore(flags['store-dir'] ? { cwd: flags['store-dir'] } : {});
  const services = createAppServices({
    host: 'web',
    version,
    store,
    shell: { openInSystemBrowser: (url) => openInSystemBrowser(url) },
  });
  let host;
  try {
    host = await startWebHost({
      handlers: services.handlers,
      events: services.events,
      staticDir: RENDERER_DIR,
      port: Number(flags.port),
    });
  } catch (e) {
    await services.close();
    const code = (e as NodeJS.ErrnoException).code;
    io.stderr.write(
      code === 'EADDRINUSE'
        ? `oauth-lab web: port ${flags.port} on 127.0.0.1 is already in use; choose another with --port, or --port 0.\n`
        : `oauth-lab web: cannot start: ${(e as Error).message}\n`
    );
    return 1;
  }
  io.stdout.write(`${host.url}\n`);
  for (const notice of store.notices) io.stderr.write(`oauth-lab web: ${notice}\n`);
  io.stderr.write(
    `oauth-lab web: OAuth Lab is at the URL above (it carries this launch's access token: do not share it). Ctrl-C stops.\n`
  );
  // The opener's command line is readable by every local user (ps): it gets the path of a 0600 launch page only.
  if (!flags['no-open'] && !(await openLocalPageInSystemBrowser(await host.writeLaunchPage())))
    io.stderr.write('oauth-lab web: no browser could be opened; open the URL yourself.\n');
  await untilStopped(io, 'web');
  await host.close();
  await services.close();
  return 0;
};
