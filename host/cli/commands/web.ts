import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { APP_VERSION } from '../../../shared/version';
import { createAppServices } from '../../bridge/app-services';
import { openInSystemBrowser, openLocalPageInSystemBrowser } from '../../open-browser';
import { createAppStore } from '../../store';
import { startWebHost } from '../../web';
import { parseFlags } from '../flags';
import { packageRoot } from '../package-root';
import { untilStopped, UsageError, type CliIO, type Command } from '../io';
import { WEB_HELP } from '../help/web';

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
    io.stdout.write(WEB_HELP);
    return 0;
  }
  if (!/^[0-9]{1,5}$/.test(flags.port) || Number(flags.port) > 65535)
    throw new UsageError(
      `--port must be a whole number from 0 to 65535 (0 picks a free port); got ${JSON.stringify(flags.port)}.`
    );
  const rendererDir = join(packageRoot(), 'out/renderer');
  if (!existsSync(`${rendererDir}/index.html`)) {
    io.stderr.write(
      `oauth-lab web: the app page is not built (${rendererDir}/index.html is missing); run "npm run build" first, or "npm run web".\n`
    );
    return 1;
  }
  const store = createAppStore(flags['store-dir'] ? { cwd: flags['store-dir'] } : {});
  const services = createAppServices({
    host: 'web',
    version: APP_VERSION,
    store,
    mockCaDir: dirname(store.path),
    shell: { openInSystemBrowser: (url) => openInSystemBrowser(url) },
  });
  let host;
  try {
    host = await startWebHost({
      handlers: services.handlers,
      events: services.events,
      staticDir: rendererDir,
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
