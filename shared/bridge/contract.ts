import { z } from 'zod';
import {
  appInfoSchema,
  exportFileInputSchema,
  exportFileOutputSchema,
  openUrlInputSchema,
  openUrlOutputSchema,
} from './schemas/app';
import {
  caughtCallbackSchema,
  catcherEventSchema,
  catcherOpenInputSchema,
  catcherWaitInputSchema,
} from './schemas/catcher';
import { exchangeSchema, rawRequestSchema } from './schemas/http';
import {
  exportRequestInputSchema,
  exportResultSchema,
  exportTargetSchema,
  historyHarInputSchema,
} from './schemas/export';
import {
  clockViewSchema,
  deauthorizeResultSchema,
  mockSettingsPatchSchema,
  mockSettingsSchema,
  mockStateSchema,
  mockStatusSchema,
  providerEventSchema,
} from './schemas/mock';
import {
  gradeChooseInputSchema,
  gradeExportInputSchema,
  gradeStartInputSchema,
  gradeStatusSchema,
} from './schemas/grade';
import { AUDIT_METHODS, auditStatusSchema } from './schemas/audit';
import { issueClientCertificateInputSchema, issuedClientCertificateSchema, mockCaSchema } from './schemas/mock-ca';
import { signatureInputSchema, signatureTraceSchema } from './schemas/oauth1';
import { rsaVerifyInputSchema, rsaVerifyOutputSchema } from './schemas/rsa-verify';
import { clientAssertionInputSchema, clientAssertionTraceSchema } from './schemas/client-assertion';
import { requestObjectSchema, requestObjectSignInputSchema } from './schemas/request-object';
import { dpopKeyInputSchema, dpopKeyOutputSchema, dpopSignInputSchema, dpopSignOutputSchema } from './schemas/dpop';
import { storeSchemas as s } from './schemas/store';
import { EVENT_NAMES, METHOD_NAMES } from './names';

/**
 * Every method the renderer may call and every event it may receive, declared once. The preload
 * exposes one function per method over IPC; the web host serves the same methods over HTTP and the events over
 * Server-Sent Events. Inputs are parsed with these schemas before any handler runs.
 */
const method = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O, summary: string) => ({
  input,
  output,
  summary,
});
const none = z.strictObject({}).optional();

const sendOptionsSchema = z.strictObject({
  allowSelfSigned: z.boolean().optional(),
  ca: z
    .string()
    .max(1024 * 1024)
    .optional(),
  /** Mutual TLS (RFC 8705 §2): the client certificate and key (PEM) presented in the handshake. */
  clientCertificate: z
    .strictObject({ cert: z.string().max(64 * 1024), key: z.string().max(64 * 1024) })
    .nullable()
    .optional(),
  connectTimeoutMs: z.number().int().min(100).max(120_000).optional(),
  timeoutMs: z
    .number()
    .int()
    .min(100, 'the timeout must be at least 100 ms')
    .max(600_000, 'the timeout must be at most 600000 ms')
    .optional(),
  maxResponseBytes: z
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .optional(),
});

/** Chosen by the page for one send, so the send can be cancelled while it is in flight (a call cannot be otherwise). */
const sendIdSchema = z.string().min(1, 'the sendId is empty').max(100, 'the sendId must be at most 100 characters');

export const METHODS = {
  appInfo: method(none, appInfoSchema, 'Which host runs the app and how secrets are stored.'),

  mockStart: method(
    z
      .strictObject({
        port: z
          .number()
          .int()
          .min(0, 'the port must be 0 (any free port) to 65535')
          .max(65535, 'the port must be 0 (any free port) to 65535')
          .optional(),
      })
      .optional(),
    mockStatusSchema,
    'Start the embedded mock provider on 127.0.0.1.'
  ),
  mockStop: method(none, mockStatusSchema, 'Stop the mock provider.'),
  mockStatus: method(none, mockStatusSchema, 'Whether the mock runs, and its base URLs (HTTP and mutual TLS).'),
  mockState: method(none, mockStateSchema, "The mock's tokens, codes and settings (values only, never secrets)."),
  mockUpdateSettings: method(mockSettingsPatchSchema, mockSettingsSchema, 'Change lifetimes and strictness switches.'),
  mockAdvanceClock: method(
    z.strictObject({
      seconds: z
        .number()
        .min(0, 'seconds must be 0 or more')
        .max(10 * 365 * 86400, 'seconds must be at most ten years'),
    }),
    clockViewSchema,
    "Move the mock's clock forward (to watch tokens expire)."
  ),
  mockResetClock: method(none, clockViewSchema, "Put the mock's clock back to real time."),
  mockDeauthorize: method(
    z.strictObject({ token: z.string().min(1, 'the token is empty') }),
    deauthorizeResultSchema,
    'Deauthorize an OAuth 1.0a access token, as the user would (interface §3).'
  ),
  mockReset: method(none, z.strictObject({ reset: z.literal(true) }), 'Forget every token, code and event.'),
  mockEvents: method(
    z.strictObject({ sinceId: z.number().int().min(0).optional() }).optional(),
    z.array(providerEventSchema),
    'Recent requests the mock saw, oldest first.'
  ),
  mockCa: method(
    none,
    mockCaSchema,
    "The mock's local CA certificate (made on first use in the store), for clients of its mutual-TLS port."
  ),
  mockIssueClientCertificate: method(
    issueClientCertificateInputSchema,
    issuedClientCertificateSchema,
    "A client certificate from the mock's CA, written with its key under the store's mock-ca/clients/; with withPem, both as PEM too."
  ),

  gradeStart: method(
    gradeStartInputSchema,
    gradeStatusSchema,
    "Serve the grader on 127.0.0.1 for a pack, its first scenario's issuer answering; refused while a run is on."
  ),
  gradeStop: method(none, gradeStatusSchema, 'Stop the grader; the verdicts stay for the exports.'),
  gradeStatus: method(
    none,
    gradeStatusSchema,
    "The grading run: the client's values, the scenario run now, each verdict."
  ),
  gradeChoose: method(
    gradeChooseInputSchema,
    gradeStatusSchema,
    "Run another scenario of the pack: the current one is decided from what its issuer saw, the chosen one's fresh issuer answers."
  ),
  gradeExport: method(
    gradeExportInputSchema,
    exportResultSchema,
    'The grade as `oauth-lab grade --report` (HTML, secrets fingerprinted) or `--junit` (JUnit XML) writes it.'
  ),

  ...AUDIT_METHODS,

  catcherOpen: method(
    catcherOpenInputSchema,
    z.strictObject({ port: z.number().int(), redirectUri: z.string() }),
    'Listen on a loopback port (0: any free one) so its redirect URI can be sent before the wait opens.'
  ),
  catcherWait: method(
    catcherWaitInputSchema,
    z.strictObject({ waitId: z.string(), redirectUri: z.string() }),
    "Listen for one flow's callback; it arrives as a catcherCallback event."
  ),
  catcherCancel: method(
    z.strictObject({ waitId: z.string().min(1) }),
    z.strictObject({ cancelled: z.boolean() }),
    'Stop waiting for a callback.'
  ),

  httpSend: method(
    z.strictObject({
      request: rawRequestSchema,
      options: sendOptionsSchema.optional(),
      record: s.historyRecord.optional(),
      /** With `record`: the leg's verdict follows (historyAnnotate), and the exchange is written once, with it. */
      verdictFollows: z.boolean().optional(),
      sendId: sendIdSchema.optional(),
    }),
    exchangeSchema,
    "Send a request exactly as given; with `record`, the host records the exchange (or the failure to get an answer) in the history, with `verdictFollows` once historyAnnotate brings the leg's verdict; with `sendId`, httpCancel can abort it."
  ),
  httpCancel: method(
    z.strictObject({ sendId: sendIdSchema }),
    z.strictObject({ cancelled: z.boolean() }),
    'Abort the httpSend in flight with this sendId (it fails with code `aborted`); false when none is in flight.'
  ),
  oauth1Trace: method(
    signatureInputSchema,
    signatureTraceSchema,
    'Sign an OAuth 1.0a request and return every intermediate (RSA keys stay in the host).'
  ),
  rsaVerify: method(
    rsaVerifyInputSchema,
    rsaVerifyOutputSchema,
    "Check an RSA-SHA* signature against base strings with the consumer's public key, one answer each (the page's crypto has no RSA)."
  ),
  clientAssertion: method(
    clientAssertionInputSchema,
    clientAssertionTraceSchema,
    'Sign a client_secret_jwt or private_key_jwt assertion (RFC 7523 §2.2) with a fresh jti and return every part (keys stay in the host).'
  ),
  requestObjectSign: method(
    requestObjectSignInputSchema,
    requestObjectSchema,
    "Sign the authorization request as a request object (RFC 9101 §4) with the client's key and a fresh jti, and return its header, claims and trace (keys stay in the host)."
  ),
  dpopKey: method(
    dpopKeyInputSchema,
    dpopKeyOutputSchema,
    'Read a DPoP key (a new one when empty) and return its public JWK and RFC 7638 thumbprint (RFC 9449 §4.2).'
  ),
  dpopSign: method(
    dpopSignInputSchema,
    dpopSignOutputSchema,
    "Sign a DPoP proof (typ dpop+jwt, the key's public JWK in its header; RFC 9449 §4.2) with the key, which stays in the host."
  ),

  profilesList: method(none, z.array(s.profile), 'Profiles, the built-in mock profile first.'),
  profileSave: method(s.profileSave, s.profile, 'Create or replace a profile.'),
  profileDelete: method(s.idInput, s.deleted, 'Delete a user profile (the mock profile cannot be deleted).'),
  profilesExport: method(
    s.profilesExportInput,
    s.profilesExportOutput,
    'Profiles as JSON; secrets only when asked for.'
  ),
  profilesImport: method(s.profilesImportInput, s.profilesImportOutput, 'Add profiles from an export.'),
  tokensList: method(s.tokensListInput, z.array(s.token), 'Saved tokens, newest first.'),
  tokenSave: method(s.tokenSave, s.token, 'Save a token a flow obtained.'),
  tokenDelete: method(s.idInput, s.deleted, 'Delete a saved token.'),
  historyList: method(
    s.historyQuery,
    s.historyPage,
    'Exchanges, newest first, filtered; long bodies cut to their start (see `cut`), and how much the history holds.'
  ),
  historyBody: method(
    s.historyBodyInput,
    s.historyBody,
    "Part of a history entry's body, by character offset: the rest of a body historyList cut."
  ),
  historyAnnotate: method(
    s.historyAnnotate,
    s.annotated,
    "A leg's own verdict on an exchange httpSend recorded (by the record's id): an exchange held for it (`verdictFollows`) is written with it; false when the history does not hold it."
  ),
  historyRedirect: method(
    s.historyRedirect,
    s.redirectRecorded,
    'The authorization leg with its verdict, recorded by the host as one exchange (the authorization request as sent, answered by the redirect back as caught or pasted), so the history and its HAR hold it as every other leg.'
  ),
  historyClear: method(none, s.cleared, 'Delete the history.'),
  historyImport: method(
    s.historyImportInput,
    s.historyImported,
    "A HAR file's OAuth legs as history entries marked imported (the legs and verdicts as `oauth-lab explain` finds them)."
  ),
  settingsGet: method(none, s.settings, 'App settings.'),
  settingsUpdate: method(s.settingsPatch, s.settings, 'Change app settings.'),

  exportTargets: method(
    none,
    z.array(exportTargetSchema),
    'What a request can be exported as: snapshots, signing code, collections, HAR.'
  ),
  exportRequest: method(
    exportRequestInputSchema,
    exportResultSchema,
    'A request as code or a collection; secrets as placeholders unless asked for.'
  ),
  historyHar: method(historyHarInputSchema, exportResultSchema, 'The history (newest first) as HAR 1.2.'),

  openUrl: method(
    openUrlInputSchema,
    openUrlOutputSchema,
    'Open an authorization page: the system browser, or the mock in its own window.'
  ),
  exportFile: method(exportFileInputSchema, exportFileOutputSchema, 'Save an export where the user chooses.'),
} as const;

export const EVENTS = {
  mockEvent: providerEventSchema,
  mockStatus: mockStatusSchema,
  /** The mock's clock moved (advanced or reset, from the app or the admin API). */
  mockClock: clockViewSchema,
  /** The grading run changed: a request seen, a verdict given, a scenario chosen, the grader started or stopped. */
  gradeStatus: gradeStatusSchema,
  /** The audit changed: started, a finding decided, finished, failed or cancelled. */
  auditStatus: auditStatusSchema,
  catcherCallback: z.strictObject({ waitId: z.string(), callback: caughtCallbackSchema }),
  /** The wait ended without a callback: timeout, cancelled, or the catcher closed. */
  catcherWaitEnded: z.strictObject({ waitId: z.string(), code: z.string(), message: z.string() }),
  catcherEvent: catcherEventSchema,
  /** How far the host is in explaining a HAR the History imports (historyImport): legs explained of the file's. */
  historyImportProgress: z.strictObject({
    fileName: z.string(),
    done: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
  }),
} as const;

export type Methods = typeof METHODS;
export type MethodName = keyof Methods;
export type EventName = keyof typeof EVENTS;
/** What a caller passes (defaults not yet applied). */
export type MethodInput<M extends MethodName> = z.input<Methods[M]['input']>;
/** What a handler receives, after parsing. */
export type ParsedInput<M extends MethodName> = z.output<Methods[M]['input']>;
export type MethodOutput<M extends MethodName> = z.output<Methods[M]['output']>;
export type EventPayload<E extends EventName> = z.output<(typeof EVENTS)[E]>;

export { METHOD_NAMES, EVENT_NAMES };

// Compile-time: the schema-free name lists the preload uses are exactly the contract's.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const namesMatch: Same<MethodName, (typeof METHOD_NAMES)[number]> & Same<EventName, (typeof EVENT_NAMES)[number]> =
  true;
void namesMatch;
