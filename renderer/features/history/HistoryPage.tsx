import { MCP_HISTORY_OWNER } from '../../../shared/flows/mcp/saved-server';
import { OIDC_HISTORY_OWNER } from '../../../shared/flows/driver/openid-legs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { HistoryListedEntry } from '../../../shared/store/history';
import type { Profile } from '../../../shared/store/profile';
import { useApp, useDeps } from '../../app/stores';
import type { HistoryFocus } from '../../state/app-store';
import { count, KNOWN_LEGS } from './format';
import { HarExplainButton, HarExplainPanel } from './HarExplainPanel';
import { HarExportButton } from './HarExportButton';
import { createHarExplainRunner } from './har-explain';
import { createHarExplainStore, type HarExplainStore } from '../../state/history/har-explain-store';
import { HistoryDetail } from './HistoryDetail';
import { HistoryList } from './HistoryList';
import { HistoryUsage } from './HistoryUsage';
import { createHistoryStore, type HistoryStore } from '../../state/history/history-store';
import type { OutcomeFilter } from '../../state/history/history-state';
import { profileSecrets } from '../../components/mask';
import { browserCrypto, browserRandom } from '../../platform/crypto';
import './history.css';

/** Owners of exchanges sent by a page with no profile of its own, by name. */
const PAGE_OWNERS: Readonly<Record<string, string>> = {
  [MCP_HISTORY_OWNER]: 'MCP client',
  [OIDC_HISTORY_OWNER]: 'OpenID Connect page',
};

/** The grade page's owners, `grade:RUN:SCENARIO` (host/grade/grade-session.ts historyOwnerOf). */
const GRADE_OWNER = /^grade:[0-9a-f]+:(.+)$/;
/** An audit's owner, `audit:RUN:PROFILE` (host/bridge/audit-handlers.ts). */
const AUDIT_OWNER = /^audit:[0-9a-f]+:(.+)$/;

/** Whose an entry is: its profile's name, a page's with no profile, a graded scenario, an audit, or the HAR file it came from. */
function useOwnerName(profiles: readonly Profile[]) {
  const names = useMemo(() => new Map(profiles.map((p) => [p.id, p.name])), [profiles]);
  const profileName = useCallback(
    (id: string) =>
      names.get(id) ??
      PAGE_OWNERS[id] ??
      (GRADE_OWNER.test(id)
        ? `Grade: ${GRADE_OWNER.exec(id)![1]}`
        : AUDIT_OWNER.test(id)
          ? `Audit: ${names.get(AUDIT_OWNER.exec(id)![1]!) ?? AUDIT_OWNER.exec(id)![1]}`
          : `${id} (deleted profile)`),
    [names]
  );
  const ownerName = useCallback(
    (entry: HistoryListedEntry) => (entry.imported ? `Imported: ${entry.imported}` : profileName(entry.profileId)),
    [profileName]
  );
  return { ownerName, profileName };
}

/** Another page's focus (the grade page's Why?), taken once: the History opens filtered to it, its cause above. */
function useHistoryFocus(store: HistoryStore): HistoryFocus | null {
  const focus = useApp((s) => s.historyFocus);
  const historyFocusTaken = useApp((s) => s.historyFocusTaken);
  const [shown, setShown] = useState<HistoryFocus | null>(null);
  useEffect(() => {
    if (focus) {
      setShown(focus);
      historyFocusTaken();
      void store.getState().pageOpened({ profileId: focus.profileId });
    } else if (!shown) void store.getState().pageOpened();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- opened once per focus, not per render
  }, [focus, store]);
  const profileFilter = useStore(store, (s) => s.filter.profileId);
  return shown && profileFilter === shown.profileId ? shown : null;
}

function FocusCause({ focus }: { focus: HistoryFocus }) {
  return (
    <p className="history-cause" role="note" aria-label="Why">
      <strong>{focus.title}</strong> {focus.cause}
    </p>
  );
}

/** History: every exchange of every flow, newest first, filterable, with the detail of the one chosen. */
export function HistoryPage() {
  const deps = useDeps();
  const store = useMemo(() => createHistoryStore(deps), [deps]);
  // The worker hashes with the page's own crypto (browserCrypto); the in-page fallback must fingerprint alike.
  const explain = useMemo(
    () =>
      createHarExplainStore(deps, {
        explain: createHarExplainRunner(browserCrypto, browserRandom),
        imported: () => store.getState().refreshRequested(),
      }),
    [deps, store]
  );
  const profiles = useApp((s) => s.profiles);
  const open = useStore(store, (s) => s.open);
  const error = useStore(store, (s) => s.error);
  const message = useStore(store, (s) => s.message);
  const keeping = useStore(store, (s) => s.keeping);
  const empty = useStore(store, (s) => s.total === 0);
  const { detailClosed } = store.getState();
  const listRef = useRef<HTMLDivElement>(null);

  const focus = useHistoryFocus(store);
  const { ownerName, profileName } = useOwnerName(profiles);
  const secrets = useMemo(() => profileSecrets(profiles), [profiles]);
  const now = deps.now();

  const closeDetail = () => {
    detailClosed();
    listRef.current?.querySelector<HTMLElement>('[role="listbox"]')?.focus();
  };

  return (
    <div className="page history-page">
      <HistoryHead store={store} explain={explain} />
      <HarExplainPanel store={explain} />
      {!keeping && (
        <p className="warning" role="status">
          Recording is off in the settings (keep history): new exchanges are not added.
        </p>
      )}
      {focus && <FocusCause focus={focus} />}
      <HistoryFilters
        store={store}
        profiles={profiles.map((p) => ({ id: p.id, name: p.name }))}
        ownerName={profileName}
        message={message}
      />
      <HistoryUsage store={store} />
      {error && (
        <p className="error history-error" role="alert">
          Could not read the history: {error}
        </p>
      )}
      <div ref={listRef}>
        <HistoryList store={store} ownerName={ownerName} secrets={secrets} now={now} />
      </div>
      {open ? (
        <HistoryDetail
          key={open.id}
          entry={open}
          profile={ownerName(open)}
          secrets={secrets}
          onClose={closeDetail}
          readBody={store.getState().bodyRestRequested}
        />
      ) : (
        !empty && <ChooseHint />
      )}
    </div>
  );
}

function ChooseHint() {
  return (
    <p className="history-hint muted">
      Choose an exchange to see its request and response: click it, or use the arrow keys in the list and press Enter.
    </p>
  );
}

function HistoryHead({ store, explain }: { store: HistoryStore; explain: HarExplainStore }) {
  const total = useStore(store, (s) => s.total);
  const everything = useStore(store, (s) => s.everything);
  const filtered = useStore(store, (s) => s.filter.profileId !== '' || s.filter.leg !== '' || s.filter.outcome !== '');
  const confirming = useStore(store, (s) => s.confirmingClear);
  const profileFilter = useStore(store, (s) => s.filter.profileId);
  const { refreshRequested, clearRequested, clearCancelled, clearConfirmed } = store.getState();
  const clearRef = useRef<HTMLButtonElement>(null);
  const counted =
    total === null
      ? 'Loading…'
      : filtered && everything !== null
        ? `${count(total, 'exchange', 'exchanges')} of ${everything.toLocaleString('en-US')} match`
        : count(total, 'exchange', 'exchanges');
  const back = () => setTimeout(() => clearRef.current?.focus(), 0);
  return (
    <>
      <header className="page-head history-head">
        <h2>History</h2>
        <span className="history-count" role="status" aria-label="Total">
          {counted}
        </span>
        <div className="head-actions">
          <button type="button" onClick={() => void refreshRequested()}>
            Reload list
          </button>
          <HarExportButton profileId={profileFilter || undefined} harRequested={store.getState().harRequested} />
          <HarExplainButton store={explain} profileId={profileFilter || undefined} />
          <button type="button" ref={clearRef} onClick={clearRequested} disabled={confirming || everything === 0}>
            Clear history…
          </button>
        </div>
      </header>
      {confirming && (
        <div
          className="confirm-clear"
          role="alertdialog"
          aria-labelledby="clear-title"
          aria-describedby="clear-what"
          onKeyDown={(e) => e.key === 'Escape' && (clearCancelled(), back())}
        >
          <strong id="clear-title">Clear the whole history?</strong>
          <span id="clear-what">
            {everything === null ? 'Every exchange' : `All ${count(everything, 'exchange', 'exchanges')}`}, of every
            profile and flow, are deleted. This cannot be undone.
          </span>
          <button type="button" className="danger" onClick={() => void clearConfirmed().then(back)}>
            Delete all
          </button>
          <button type="button" autoFocus onClick={() => (clearCancelled(), back())}>
            Cancel
          </button>
        </div>
      )}
    </>
  );
}

function HistoryFilters({
  store,
  profiles,
  ownerName,
  message,
}: {
  store: HistoryStore;
  profiles: readonly { id: string; name: string }[];
  /** The name of an owner that is not a profile (a page's, a graded scenario's), for the filter set to it. */
  ownerName: (id: string) => string;
  message: string | null;
}) {
  const filter = useStore(store, (s) => s.filter);
  const legsSeen = useStore(store, (s) => s.legsSeen);
  const { filterChanged } = store.getState();
  const others = legsSeen.filter((l) => !KNOWN_LEGS.some((k) => k.leg === l) && l !== filter.leg);
  const extra = filter.leg && !KNOWN_LEGS.some((k) => k.leg === filter.leg) ? [filter.leg, ...others] : others;
  return (
    <div className="form-row history-filters" role="group" aria-label="Filters">
      <label>
        Profile
        <select value={filter.profileId} onChange={(e) => void filterChanged({ profileId: e.target.value })}>
          <option value="">All profiles</option>
          {profiles.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
          {filter.profileId && !profiles.some((p) => p.id === filter.profileId) && (
            <option value={filter.profileId}>{ownerName(filter.profileId)}</option>
          )}
        </select>
      </label>
      <label>
        Flow and leg
        <select value={filter.leg} onChange={(e) => void filterChanged({ leg: e.target.value })}>
          <option value="">All legs</option>
          {KNOWN_LEGS.map((l) => (
            <option key={l.leg} value={l.leg}>
              {l.flows} · {l.label}
            </option>
          ))}
          {extra.sort().map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
      </label>
      <label>
        Outcome
        <select
          value={filter.outcome}
          onChange={(e) => void filterChanged({ outcome: e.target.value as OutcomeFilter })}
        >
          <option value="">Any outcome</option>
          <option value="succeeded">Succeeded</option>
          <option value="failed">Failed</option>
        </select>
      </label>
      {(filter.profileId || filter.leg || filter.outcome) && (
        <button
          type="button"
          className="link"
          onClick={() => void filterChanged({ profileId: '', leg: '', outcome: '' })}
        >
          Clear filters
        </button>
      )}
      <span className="history-message muted" role="status">
        {message}
      </span>
    </div>
  );
}
