import type { BridgeHandlers } from '../../shared/bridge/api';
import type { MethodName } from '../../shared/bridge/contract';
import type { CryptoPort } from '../../shared/ports';
import { nodeCrypto, nodeRandom } from '../../platform/node/node-crypto';
import { MockProvider } from '../../mock-provider';
import { createAssertionHandlers } from './assertion-handlers';
import { createRequestObjectHandlers } from './request-object-handlers';
import { createDpopHandlers } from './dpop-handlers';
import { createCatcherHandlers } from './catcher-handlers';
import type { BridgeStore } from './bridge-store';
import { BridgeEventBus } from './event-bus';
import { createMockCaHandlers } from './mock-ca-handlers';
import { createMockHandlers } from './mock-handlers';
import { createGradeHandlers } from './grade-handlers';
import { createAuditHandlers } from './audit-handlers';
import { createExportHandlers } from './export-handlers';
import { createShellHandlers, type ShellPort } from './shell-handlers';
import { createStoreHandlers } from './store-handlers';
import { createTransportHandlers } from './transport-handlers';
import { createVerifyHandlers } from './verify-handlers';

export interface AppServicesOptions {
  readonly host: 'electron' | 'web';
  readonly version: string;
  readonly store: BridgeStore;
  /** What the host did at start that the user should know, shown with the store's notices (the CLI store's import). */
  readonly notices?: readonly string[];
  readonly shell: ShellPort;
  /** The mock as built by the caller (tests); by default one with a mutual-TLS port when mockCaDir is given. */
  readonly provider?: MockProvider;
  /** Where the mock's local CA is kept (mock-ca/ in the store directory); without it the mock opens no TLS port. */
  readonly mockCaDir?: string;
  readonly crypto?: CryptoPort;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly catcherIdleCloseMs?: number;
}

export interface AppServices {
  readonly handlers: BridgeHandlers;
  readonly events: BridgeEventBus;
  /** Stops the mock and the catchers and flushes the store. */
  close(): Promise<void>;
}

/** The composition root of everything behind the bridge, shared by the Electron main process and the web host. */
export function createAppServices(options: AppServicesOptions): AppServices {
  const events = new BridgeEventBus();
  const mockCa = createMockCaHandlers(options.mockCaDir);
  const mock = createMockHandlers(options.provider ?? new MockProvider(mockCa.tls ? { tls: mockCa.tls } : {}), events);
  const catcher = createCatcherHandlers(
    events,
    options.catcherIdleCloseMs === undefined ? {} : { idleCloseMs: options.catcherIdleCloseMs }
  );
  const transport = createTransportHandlers(options.crypto ?? nodeCrypto, options.env, options.store);
  const verify = createVerifyHandlers(options.crypto ?? nodeCrypto);
  const assertion = createAssertionHandlers(nodeRandom, Date.now);
  const requestObject = createRequestObjectHandlers(nodeRandom, Date.now);
  const dpop = createDpopHandlers();
  const shell = createShellHandlers(options.shell, mock.baseUrl, catcher.redirectUris);
  const exports = createExportHandlers(options.store, options.version);
  const { store } = options;
  const grade = createGradeHandlers(events, store, nodeRandom);
  const audit = createAuditHandlers({ events, store, mockBaseUrl: mock.baseUrl, random: nodeRandom });

  const handlers = {
    appInfo: () => ({
      host: options.host,
      version: options.version,
      secretStorage: store.secretStorage,
      notices: [...store.notices, ...(options.notices ?? []), ...(mockCa.notice ? [mockCa.notice] : [])],
      ...(store.path ? { storePath: store.path } : {}),
    }),
    mockStart: mock.mockStart,
    mockStop: mock.mockStop,
    mockStatus: mock.mockStatus,
    mockState: mock.mockState,
    mockUpdateSettings: mock.mockUpdateSettings,
    mockAdvanceClock: mock.mockAdvanceClock,
    mockResetClock: mock.mockResetClock,
    mockDeauthorize: mock.mockDeauthorize,
    mockReset: mock.mockReset,
    mockEvents: mock.mockEvents,
    mockCa: mockCa.mockCa,
    mockIssueClientCertificate: mockCa.mockIssueClientCertificate,
    gradeStart: grade.gradeStart,
    gradeStop: grade.gradeStop,
    gradeStatus: grade.gradeStatus,
    gradeChoose: grade.gradeChoose,
    gradeExport: grade.gradeExport,
    auditStart: audit.auditStart,
    auditCancel: audit.auditCancel,
    auditStatus: audit.auditStatus,
    auditExport: audit.auditExport,
    catcherOpen: catcher.catcherOpen,
    catcherWait: catcher.catcherWait,
    catcherCancel: catcher.catcherCancel,
    httpSend: transport.httpSend,
    httpCancel: transport.httpCancel,
    oauth1Trace: transport.oauth1Trace,
    rsaVerify: verify.rsaVerify,
    clientAssertion: assertion.clientAssertion,
    requestObjectSign: requestObject.requestObjectSign,
    dpopKey: dpop.dpopKey,
    dpopSign: dpop.dpopSign,
    ...createStoreHandlers(store, transport.verdictGiven, events),
    exportTargets: exports.exportTargets,
    exportRequest: exports.exportRequest,
    historyHar: exports.historyHar,
    openUrl: shell.openUrl,
    exportFile: shell.exportFile,
  } satisfies BridgeHandlers & Record<MethodName, unknown>;

  return {
    handlers,
    events,
    async close() {
      await Promise.allSettled([mock.close(), catcher.close(), grade.close(), audit.close()]);
      transport.flushHeld();
      await store.close?.();
    },
  };
}
