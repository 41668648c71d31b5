import { createStore } from 'zustand/vanilla';
import { AUDIT_IDLE, type AuditStatus } from '../../../shared/bridge/schemas/audit';
import { pageStore } from '../../app/page-store';
import type { RendererDeps } from '../../app/deps';
import type { AppStore } from '../app-store';
import type { AuditState } from './audit-state';

/** The budget as typed: a whole number from 1 to 1000, or the reason it is not. */
function maxRequestsOf(text: string): number | string {
  const t = text.trim();
  if (!/^\d+$/.test(t) || Number(t) < 1 || Number(t) > 1000)
    return `The most requests to send must be a whole number from 1 to 1000, such as 60; got ${JSON.stringify(text)}.`;
  return Number(t);
}

/**
 * The *Audit* of a profile's issuer: the host runs it and pushes each finding as it is decided
 * (`auditStatus` events); one audit at a time, whichever profile it is of; Show in History opens its exchanges.
 */
function createAuditStore({ bridge }: Pick<RendererDeps, 'bridge'>, app: AppStore) {
  return createStore<AuditState>()((set, get) => {
    // Events and replies may arrive out of order (browser mode: Server-Sent Events beside HTTP): the newer wins.
    const newer = (status: AuditStatus) => (status.revision >= get().status.revision ? { status } : {});
    bridge.on('auditStatus', (status) => set(newer(status)));
    const take = (r: Awaited<ReturnType<typeof bridge.auditStatus>>) =>
      set(r.ok ? { ...newer(r.value), error: null } : { error: r.error.message });
    return {
      status: AUDIT_IDLE,
      active: false,
      maxRequestsText: '60',
      busy: null,
      error: null,
      async pageOpened() {
        const r = await bridge.auditStatus();
        if (r.ok) set(newer(r.value));
      },
      activeToggled: (active) => set({ active }),
      maxRequestsEdited: (maxRequestsText) => set({ maxRequestsText }),
      async startRequested(profileId) {
        const { busy, status, active, maxRequestsText } = get();
        if (busy || status.state === 'running')
          return set({ error: 'An audit is running: wait for it or cancel it before starting another.' });
        const maxRequests = maxRequestsOf(maxRequestsText);
        if (typeof maxRequests === 'string') return set({ error: maxRequests });
        set({ busy: 'starting', error: null });
        try {
          take(await bridge.auditStart({ profileId, active, maxRequests }));
        } finally {
          set({ busy: null });
        }
      },
      async cancelRequested() {
        set({ busy: 'cancelling', error: null });
        try {
          take(await bridge.auditCancel());
        } finally {
          set({ busy: null });
        }
      },
      historyRequested(finding) {
        const owner = get().status.historyOwner;
        if (!owner) return;
        app.getState().historyFocusRequested({
          profileId: owner,
          title: `The audit of ${get().status.issuer}, ${finding.id} (${finding.status}):`,
          cause: finding.evidence[0] ?? finding.section,
        });
      },
      exportRequested: (format) => bridge.auditExport({ format }),
      errorDismissed: () => set({ error: null }),
    };
  });
}

export const useAudit = pageStore((deps, stores) => createAuditStore(deps, stores.app));
