import { auditExitCode, type AuditResult } from '../../../shared/audit/audit-result';
import { FINDING_IDS, type FindingId } from '../../../shared/audit/findings';
import { auditSarif } from '../../../shared/audit/sarif';
import { validateIssuer } from '../../../shared/oidc';
import { auditReportPage } from '../../audit/audit-report';
import { IssuerUnreadable } from '../../audit/read-metadata';
import { runAudit } from '../../audit/run-audit';
import type { ProbeClient } from '../../audit/probes/probe-context';
import { parseFlags } from '../flags';
import { AUDIT_HELP } from '../help/audit';
import { UsageError, type Command, type TextOutput } from '../io';
import { readFileFlag } from '../read-file-flag';
import { writeOutputs } from '../report-outputs';
import { interruptible } from '../interrupt';
import { secretFlagOptions, withSecrets } from '../secret-flags';
import { terminalSafe } from '../terminal-text';

const FLAGS = {
  'client-id': { type: 'string' },
  ...secretFlagOptions(['client-secret']),
  'client-auth': { type: 'string' },
  'redirect-uri': { type: 'string' },
  register: { type: 'boolean' },
  active: { type: 'boolean' },
  user: { type: 'string' },
  'password-file': { type: 'string' },
  'auto-login': { type: 'boolean' },
  only: { type: 'string', multiple: true },
  resource: { type: 'string', multiple: true },
  'max-requests': { type: 'string' },
  json: { type: 'boolean' },
  report: { type: 'string' },
  sarif: { type: 'string' },
  'allow-self-signed': { type: 'boolean' },
} as const;

type Values = ReturnType<typeof parseFlags<typeof FLAGS>>;

const DEFAULT_REDIRECT_URI = 'http://127.0.0.1:8765/callback';
/** --client-auth in `oauth-lab flow`'s words, and the RFC 7591 §2 method each is (none: a public client). */
const CLIENT_AUTHS: Readonly<Record<string, ProbeClient['clientAuth'] | 'none'>> = {
  basic: 'client_secret_basic',
  body: 'client_secret_post',
  none: 'none',
};

function maxRequests(value: string | undefined): number {
  if (value === undefined) return 60;
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new UsageError(
      `--max-requests takes a whole number of requests, at least 1, such as 60; got ${JSON.stringify(value)}.`
    );
  return Number(value);
}

/** --resource: a protected resource's URL (http or https), whose metadata (RFC 9728) the audit reads too. */
function resourceUrls(values: readonly string[]): string[] {
  for (const url of values)
    if (!/^https?:\/\/[^/?#]/i.test(url))
      throw new UsageError(
        `--resource ${JSON.stringify(url)} is not a URL; expected a protected resource's http(s) URL, such as https://api.example/mcp.`
      );
  return [...values];
}

function onlyIds(values: readonly string[]): FindingId[] {
  for (const id of values)
    if (!(FINDING_IDS as readonly string[]).includes(id))
      throw new UsageError(
        `--only ${JSON.stringify(id)} is not a finding id; expected one of ${FINDING_IDS.join(', ')}.`
      );
  return values as FindingId[];
}

/** The probes' client from the flags, or null without --active; a client is required with it. */
function probeClient(v: Values): ProbeClient | null {
  // The shape's alternatives hold with or without --active: a wrong pair is never silently ignored.
  if (v.user !== undefined && v['auto-login'])
    throw new UsageError('--user and --auto-login both say how to log in; give one.');
  if ((v.user === undefined) !== (v['password-file'] === undefined))
    throw new UsageError('--user NAME and --password-file F go together: the login form needs both.');
  const auth = CLIENT_AUTHS[v['client-auth'] ?? 'basic'];
  if (!auth)
    throw new UsageError(
      `--client-auth takes basic (HTTP Basic, the default) or body (client_secret in the body), or none (a public client, no secret); got ${JSON.stringify(v['client-auth'])}.`
    );
  const secret = v['client-secret'] ?? null;
  if (auth === 'none' && secret !== null)
    throw new UsageError(
      '--client-auth none is a public client: give no client secret, or --client-auth basic or body.'
    );
  if (auth !== 'none' && v['client-auth'] !== undefined && v['client-id'] !== undefined && secret === null)
    throw new UsageError(
      `--client-auth ${v['client-auth']} sends the client secret: give it with --client-secret-file F or OAUTH_LAB_CLIENT_SECRET (--client-auth none for a public client).`
    );
  if (!v.active) return null;
  if (v['client-id'] === undefined && !v.register)
    throw new UsageError('--active needs a client you own: --client-id ID (with its secret, if any) or --register.');
  const password =
    v['password-file'] === undefined ? '' : readFileFlag('--password-file', v['password-file']).split(/\r?\n/)[0]!;
  return {
    clientId: v['client-id'] ?? null,
    clientSecret: secret,
    clientAuth: auth === 'none' ? 'client_secret_basic' : auth,
    redirectUri: v['redirect-uri'] ?? DEFAULT_REDIRECT_URI,
    register: !!v.register,
    login: v['auto-login'] ? { kind: 'auto' } : v.user !== undefined ? { kind: 'form', user: v.user, password } : null,
  };
}

function printText(out: TextOutput, r: AuditResult): void {
  for (const f of r.findings) {
    out.write(`${f.status.padEnd(9)}  ${f.severity.padEnd(6)}  ${f.id}  (${f.section})\n`);
    for (const e of f.evidence) out.write(`           ${terminalSafe(e)}\n`);
  }
  const found = r.findings.filter((f) => f.status === 'found').length;
  out.write(`\n${found} found, ${r.findings.length - found} not found or skipped; ${r.probes} requests sent.\n`);
}

export const auditCommand: Command = async (argv, io) => {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout.write(AUDIT_HELP);
    return 0;
  }
  const [issuer, ...rest] = argv;
  if (issuer === undefined || issuer.startsWith('-'))
    throw new UsageError(
      'the issuer URL comes first, such as oauth-lab audit https://issuer.example --json. Run "oauth-lab audit --help".'
    );
  const v = withSecrets(parseFlags(rest, FLAGS, 'audit'), io.env, ['client-secret']);
  try {
    validateIssuer(issuer);
  } catch (e) {
    throw new UsageError(`ISSUER: ${(e as Error).message}`);
  }
  const options = {
    issuer,
    maxRequests: maxRequests(v['max-requests']),
    only: onlyIds(v.only ?? []),
    resources: resourceUrls(v.resource ?? []),
    active: probeClient(v),
    send: { allowSelfSigned: !!v['allow-self-signed'], env: io.env },
    // Ctrl-C cancels the request in flight, and the audit with it (exit 130, as every command).
    hooks: { interruptible },
  };
  let run;
  try {
    run = await runAudit(options);
  } catch (e) {
    if (!(e instanceof IssuerUnreadable)) throw e;
    io.stderr.write(`oauth-lab audit: the issuer cannot be read: ${terminalSafe(e.message)}\n`);
    return 2;
  }
  const { result, seen } = run;
  writeOutputs(io.stdout, {
    files: [
      { flag: '--report', path: v.report, text: () => auditReportPage(result, seen) },
      { flag: '--sarif', path: v.sarif, text: () => auditSarif(result) },
    ],
    json: v.json ? () => ({ issuer: result.issuer, findings: result.findings, probes: result.probes }) : undefined,
    text: (out) => printText(out, result),
  });
  return auditExitCode(result);
};
