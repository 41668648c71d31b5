import { spawnSync } from 'node:child_process';

/**
 * The system runtimes some tests run (third-party OAuth libraries, other languages, Chromium), each with how to
 * probe it and the Debian package that provides it. Outside CI a missing runtime skips its tests, and the test run
 * prints one summary line naming what was skipped and the command that installs it; with CI=true a missing runtime
 * fails (see global-setup.ts).
 */
export interface SystemRuntime {
  /** What the tests use it for, shown in the summary. */
  readonly label: string;
  /** The Debian package that provides it. */
  readonly debian: string;
  /** A command and arguments that exit 0 when it is there. */
  readonly probe: readonly [string, ...string[]];
}

export const SYSTEM_RUNTIMES = {
  python3RequestsOauthlib: {
    label: 'Python requests-oauthlib',
    debian: 'python3-requests-oauthlib',
    probe: ['/usr/bin/python3', '-c', 'import requests, requests_oauthlib'],
  },
  python3Authlib: {
    label: 'Python Authlib',
    debian: 'python3-authlib',
    probe: ['/usr/bin/python3', '-c', 'import authlib'],
  },
  python3Jwt: {
    label: 'Python PyJWT',
    debian: 'python3-jwt',
    probe: ['/usr/bin/python3', '-c', 'import requests, jwt, cryptography'],
  },
  python3DjangoOauthToolkit: {
    label: 'Django OAuth Toolkit',
    debian: 'python3-django-oauth-toolkit',
    probe: ['/usr/bin/python3', '-c', 'import django, oauth2_provider, cryptography'],
  },
  rubyOauth: { label: 'Ruby oauth', debian: 'ruby-oauth', probe: ['ruby', '-e', 'require "oauth"'] },
  rubyOauth2: { label: 'Ruby oauth2', debian: 'ruby-oauth2', probe: ['ruby', '-e', 'require "oauth2"'] },
  perlNetOauth: { label: 'Perl Net::OAuth', debian: 'libnet-oauth-perl', probe: ['perl', '-MNet::OAuth', '-e', '1'] },
  phpOauth: {
    label: 'PHP PECL oauth',
    debian: 'php-oauth',
    probe: ['php', '-r', 'exit(class_exists("OAuth") ? 0 : 1);'],
  },
  liboauth: {
    label: 'liboauth (C)',
    debian: 'liboauth-dev',
    probe: ['sh', '-c', 'test -e /usr/include/oauth.h && command -v cc'],
  },
  goOauth2: {
    label: 'Go golang.org/x/oauth2',
    debian: 'golang-golang-x-oauth2-dev',
    probe: ['sh', '-c', 'command -v go && test -d /usr/share/gocode/src/golang.org/x/oauth2'],
  },
  curl: { label: 'curl', debian: 'curl', probe: ['sh', '-c', 'command -v curl'] },
  wget: { label: 'wget', debian: 'wget', probe: ['sh', '-c', 'command -v wget'] },
  java: {
    label: 'Java 17',
    debian: 'openjdk-17-jdk-headless',
    probe: ['sh', '-c', 'command -v java && command -v javac'],
  },
  go: { label: 'Go', debian: 'golang-go', probe: ['sh', '-c', 'command -v go && command -v gofmt'] },
  php: { label: 'PHP', debian: 'php-cli', probe: ['sh', '-c', 'command -v php'] },
  ruby: { label: 'Ruby', debian: 'ruby', probe: ['sh', '-c', 'command -v ruby'] },
  chromium: { label: 'Chromium', debian: 'chromium', probe: ['sh', '-c', 'test -x /usr/bin/chromium'] },
} as const satisfies Record<string, SystemRuntime>;

export type RuntimeId = keyof typeof SYSTEM_RUNTIMES;

/** The one command that installs every system runtime the tests use. */
export const SETUP_COMMAND = 'npm run setup:system';

const probed = new Map<RuntimeId, boolean>();

/** Whether a runtime is installed (probed once per process). */
export function hasRuntime(id: RuntimeId): boolean {
  let known = probed.get(id);
  if (known === undefined) {
    const [command, ...args] = SYSTEM_RUNTIMES[id].probe;
    known = spawnSync(command, args, { stdio: 'ignore', timeout: 15_000 }).status === 0;
    probed.set(id, known);
  }
  return known;
}

export const runtimeIds = (): RuntimeId[] => Object.keys(SYSTEM_RUNTIMES) as RuntimeId[];
