import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import type { HistoryEntry, HistoryListedEntry } from '../../../shared/store/history';
import { exchangeSecrets, maskText } from '../../components/mask';
import { FLOW_LABELS, fullTime, entryLegLabel, shortTime, urlPath } from './format';
import { rowAt, type HistoryStore } from '../../state/history/history-store';

export const ROW_HEIGHT = 32;
const HEADER_HEIGHT = 30;
/** The scroll container's height before it is measured (and where layout is not computed, as in tests). */
const FALLBACK_HEIGHT = 420;
/** Rows rendered above and below the visible ones, so a short scroll shows no blank rows. */
const OVERSCAN = 8;
/** Pages are fetched once scrolling pauses this long (a fast drag across 5,000 rows fetches only where it stops). */
const FETCH_DELAY_MS = 60;

const COLUMNS = ['Time', 'Profile', 'Flow', 'Leg', 'Status', 'Outcome', 'Request', 'Summary'];

interface RowProps {
  readonly index: number;
  readonly setSize: number;
  readonly entry: HistoryEntry | undefined;
  readonly selected: boolean;
  readonly open: boolean;
  readonly profile: string;
  /** The profiles' secrets (profileSecrets), masked with the entry's own wherever the row shows text. */
  readonly secrets: readonly string[];
  readonly now: number;
  readonly onOpen: (index: number) => void;
}

const Row = memo(function Row({ index, setSize, entry, selected, open, profile, secrets, now, onOpen }: RowProps) {
  const style = { top: index * ROW_HEIGHT, height: ROW_HEIGHT };
  const common = {
    id: `history-row-${index}`,
    role: 'option',
    'aria-selected': selected,
    'aria-posinset': index + 1,
    'aria-setsize': setSize,
    style,
  } as const;
  if (!entry) {
    return (
      <div
        {...common}
        className={`history-row placeholder${selected ? ' selected' : ''}`}
        aria-label={`Exchange ${index + 1}, loading`}
        onClick={() => onOpen(index)}
      >
        <span className="skeleton" />
      </div>
    );
  }
  return <LoadedRow entry={entry} common={common} {...{ index, selected, open, profile, secrets, now, onOpen }} />;
});

/**
 * A row with its entry. What the store keeps sealed under the keychain is masked here as in the detail: the URL's
 * secret fields and secret-shaped path (a bot token, a webhook), a summary echoing a secret the exchange carried, and
 * an imported file's name.
 */
function LoadedRow({
  entry,
  common,
  index,
  selected,
  open,
  profile: owner,
  secrets,
  now,
  onOpen,
}: Omit<RowProps, 'entry' | 'setSize'> & { entry: HistoryEntry; common: object }) {
  const known = useMemo(() => [...exchangeSecrets(entry.exchange), ...secrets], [entry, secrets]);
  const mask = (text: string) => maskText(text, known);
  const profile = mask(owner);
  const summary = mask(entry.summary);
  const { request, response } = entry.exchange;
  const path = mask(urlPath(request.url));
  const ok = entry.outcome === 'succeeded';
  const legName = entryLegLabel(entry);
  const status = response.status >= 200 && response.status < 300 ? 'ok' : response.status >= 400 ? 'bad' : 'other';
  const label = `${fullTime(entry.at)}, ${profile}, ${FLOW_LABELS[entry.flow]} ${legName}${entry.mistake ? `, made on purpose: ${entry.mistake}` : ''}, ${response.status}, ${request.method} ${path}, ${entry.outcome}: ${summary}`;
  return (
    <div
      {...common}
      className={`history-row${selected ? ' selected' : ''}${open ? ' open' : ''}`}
      aria-label={label}
      onClick={() => onOpen(index)}
    >
      <span className="mono muted" title={fullTime(entry.at)}>
        {shortTime(entry.at, now)}
      </span>
      <span className="cell" title={profile}>
        {profile}
      </span>
      <span className="cell">{FLOW_LABELS[entry.flow]}</span>
      <span className="cell" title={legName}>
        {legName}
      </span>
      <span className={`mono status ${status}`}>{response.status}</span>
      <OutcomeCell ok={ok} mistake={entry.mistake} />
      <span className="cell mono" title={`${request.method} ${mask(request.url)}`}>
        <strong>{request.method}</strong> {path}
      </span>
      <span className="cell summary-cell" title={summary}>
        {summary}
      </span>
    </div>
  );
}

/** The outcome in a word; a mistake made on purpose says so instead of "failed": its refusal was the point. */
function OutcomeCell({ ok, mistake }: { ok: boolean; mistake: string | undefined }) {
  return (
    <span className={`outcome ${ok ? 'ok' : 'bad'}`}>
      {ok ? '✓ ' : '✗ '}
      {mistake ? (
        <span className="on-purpose" title={`Made on purpose: ${mistake}`}>
          on purpose
        </span>
      ) : ok ? (
        'succeeded'
      ) : (
        'failed'
      )}
    </span>
  );
}

/**
 * Which rows are in the window: the container measured (and re-measured on resize), the scroll followed, the
 * selected row kept in view, and the pages the window needs fetched once scrolling pauses.
 */
function useListWindow(store: HistoryStore, selected: number | null) {
  const total = useStore(store, (s) => s.total);
  const generation = useStore(store, (s) => s.generation);
  const { rowsNeeded } = store.getState();
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(FALLBACK_HEIGHT);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setHeight(el.clientHeight > 0 ? el.clientHeight : FALLBACK_HEIGHT);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const count = total ?? 0;
  const visible = Math.max(1, Math.ceil((height - HEADER_HEIGHT) / ROW_HEIGHT));
  const top = Math.floor(scrollTop / ROW_HEIGHT);
  const first = Math.max(0, top - OVERSCAN);
  const wanted = top + visible + OVERSCAN;
  const last = Math.min(count - 1, wanted);

  useEffect(() => {
    const t = setTimeout(() => void rowsNeeded(first, wanted), FETCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [first, wanted, generation, total, rowsNeeded]);

  // A refresh or a new filter starts at the newest entry.
  useEffect(() => {
    if (ref.current) ref.current.scrollTop = 0;
    setScrollTop(0);
  }, [generation]);

  // Keep the selected row in view.
  useEffect(() => {
    const el = ref.current;
    if (!el || selected === null) return;
    const rowTop = selected * ROW_HEIGHT;
    const view = height - HEADER_HEIGHT;
    let next = el.scrollTop;
    if (rowTop < next) next = rowTop;
    else if (rowTop + ROW_HEIGHT > next + view) next = rowTop + ROW_HEIGHT - view;
    if (next !== el.scrollTop) {
      el.scrollTop = next;
      setScrollTop(next);
    }
  }, [selected, height]);
  return { ref, setScrollTop, count, visible, first, last };
}

/** The list's keys: arrows, Page Up/Down, Home and End move the selection; Enter opens it. */
function listKeys(
  count: number,
  visible: number,
  selected: number | null,
  selectionMoved: (index: number) => void,
  entryOpened: (index: number) => void
) {
  return (e: KeyboardEvent<HTMLDivElement>) => {
    if (count === 0) return;
    const at = selected ?? -1;
    const moves: Record<string, number> = {
      ArrowDown: at + 1,
      ArrowUp: selected === null ? 0 : at - 1,
      PageDown: at + visible,
      PageUp: at - visible,
      Home: 0,
      End: count - 1,
    };
    const to = moves[e.key];
    if (to !== undefined) {
      e.preventDefault();
      selectionMoved(to);
    } else if (e.key === 'Enter' && selected !== null) {
      e.preventDefault();
      entryOpened(selected);
    }
  };
}

/** What an empty list says: nothing recorded yet, or nothing matching the filters. */
function EmptyNote({ filtered }: { filtered: boolean }) {
  return (
    <p className="history-empty muted">
      {filtered
        ? 'No exchange matches these filters.'
        : 'No exchanges yet. Send a leg on the OAuth 1.0a or OAuth 2 page, or a request from the signer, and it shows here.'}
    </p>
  );
}

/**
 * The history as a windowed list: only the rows in view (and a few around them) are in the DOM, each at a fixed
 * height inside a spacer as tall as all of them, so 5,000 entries scroll like 50 and rows never move while pages
 * arrive (a row not loaded yet is a placeholder of the same height). Arrow keys, Page Up/Down, Home and End move
 * the selection; Enter opens it.
 */
export function HistoryList({
  store,
  ownerName,
  secrets,
  now,
}: {
  store: HistoryStore;
  /** Whose the entry is: its profile's name, or the HAR file it was imported from. */
  ownerName: (entry: HistoryListedEntry) => string;
  /** The profiles' secrets (profileSecrets): masked in every row. */
  secrets: readonly string[];
  now: number;
}) {
  const total = useStore(store, (s) => s.total);
  const pages = useStore(store, (s) => s.pages);
  const selected = useStore(store, (s) => s.selected);
  const openId = useStore(store, (s) => s.open?.id ?? null);
  const stale = useStore(store, (s) => s.stale);
  const filtered = useStore(store, (s) => s.filter.profileId !== '' || s.filter.leg !== '' || s.filter.outcome !== '');
  const { selectionMoved, entryOpened } = store.getState();
  const { ref, setScrollTop, count, visible, first, last } = useListWindow(store, selected);
  const onKeyDown = listKeys(count, visible, selected, selectionMoved, entryOpened);

  const rows = [];
  for (let i = first; i <= last; i++) {
    const entry = rowAt(pages, i);
    rows.push(
      <Row
        key={i}
        index={i}
        setSize={count}
        entry={entry}
        selected={selected === i}
        open={entry !== undefined && entry.id === openId}
        profile={entry ? ownerName(entry) : ''}
        secrets={secrets}
        now={now}
        onOpen={entryOpened}
      />
    );
  }
  const activeRendered = selected !== null && selected >= first && selected <= last;

  return (
    <div
      ref={ref}
      className="history-scroll"
      role="listbox"
      aria-label="Exchanges, newest first"
      aria-busy={stale}
      aria-activedescendant={activeRendered ? `history-row-${selected}` : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
    >
      <div className="history-row history-header" aria-hidden="true" style={{ height: HEADER_HEIGHT }}>
        {COLUMNS.map((c) => (
          <span key={c}>{c}</span>
        ))}
      </div>
      <div
        className={`history-spacer${stale && total !== null ? ' stale' : ''}`}
        style={{ height: count * ROW_HEIGHT }}
      >
        {rows}
      </div>
      {total === 0 && !stale && <EmptyNote filtered={filtered} />}
      {total === null && stale && <p className="history-empty muted">Loading the history…</p>}
    </div>
  );
}
