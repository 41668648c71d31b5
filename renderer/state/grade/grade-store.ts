import { createStore } from 'zustand/vanilla';
import { GRADE_IDLE } from '../../../shared/bridge/schemas/grade';
import { pageStore } from '../../app/page-store';
import type { RendererDeps } from '../../app/deps';
import type { AppStore } from '../app-store';
import type { GradeState } from './grade-state';

/** The port as typed: empty is 0 (any free port); otherwise a whole number 0–65535, or the reason it is not. */
function portOf(text: string): number | string {
  const t = text.trim();
  if (t === '') return 0;
  if (!/^\d+$/.test(t) || Number(t) > 65535)
    return `The port must be a whole number from 0 (any free port) to 65535; got ${JSON.stringify(text)}.`;
  return Number(t);
}

/** The wait as typed: seconds, 0.2 to 600, or the reason it is not. */
function waitOf(text: string): number | string {
  const t = text.trim();
  const n = Number(t);
  if (!/^\d+(\.\d+)?$/.test(t) || n < 0.2 || n > 600)
    return `The wait must be a number of seconds from 0.2 to 600, such as 5; got ${JSON.stringify(text)}.`;
  return n;
}

/**
 * The *Grade a client* page: the grader's run as the host pushes it (`gradeStatus` events, one per
 * request seen and per verdict), the form to start one with its input checked here first, and Why?, which opens
 * the History on the scenario's exchanges.
 */
function createGradeStore({ bridge }: Pick<RendererDeps, 'bridge'>, app: AppStore) {
  return createStore<GradeState>()((set, get) => {
    bridge.on('gradeStatus', (status) => set({ status }));
    const take = (r: Awaited<ReturnType<typeof bridge.gradeStatus>>) =>
      set(r.ok ? { status: r.value, error: null } : { error: r.error.message });
    const choose = async (id: string) => take(await bridge.gradeChoose({ scenarioId: id }));
    return {
      status: GRADE_IDLE,
      pack: 'oidc-basic',
      portText: '',
      waitText: '5',
      busy: null,
      error: null,
      async pageOpened() {
        const r = await bridge.gradeStatus();
        if (r.ok) set({ status: r.value });
      },
      packChosen: (pack) => set({ pack }),
      portEdited: (portText) => set({ portText }),
      waitEdited: (waitText) => set({ waitText }),
      async startRequested() {
        const { busy, status, portText, waitText, pack } = get();
        if (busy || status.running)
          return set({ error: 'The grader is already running: stop it before starting another run.' });
        const port = portOf(portText);
        const wait = waitOf(waitText);
        if (typeof port === 'string' || typeof wait === 'string')
          return set({ error: typeof port === 'string' ? port : (wait as string) });
        set({ busy: 'starting', error: null });
        try {
          take(await bridge.gradeStart({ pack, port, waitSeconds: wait }));
        } finally {
          set({ busy: null });
        }
      },
      async stopRequested() {
        set({ busy: 'stopping', error: null });
        try {
          take(await bridge.gradeStop());
        } finally {
          set({ busy: null });
        }
      },
      scenarioChosen: choose,
      async stepRequested(by) {
        const { scenarios, current } = get().status;
        const at = scenarios.findIndex((s) => s.id === current);
        const next = scenarios[at + by];
        if (next) await choose(next.id);
      },
      whyRequested(row) {
        app.getState().historyFocusRequested({
          profileId: row.historyOwner,
          title: `Why ${row.id} ${row.verdict === 'fail' ? 'failed' : 'passed'}:`,
          cause: row.evidence[0] ?? 'no request reached this scenario’s issuer',
        });
      },
      exportRequested: (format) => bridge.gradeExport({ format }),
      errorDismissed: () => set({ error: null }),
    };
  });
}

export const useGrade = pageStore((deps, stores) => createGradeStore(deps, stores.app));
