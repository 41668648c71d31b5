import { useLayoutEffect, useRef, useState } from 'react';
import type { Comparison, DiffSegment } from '../../../shared/oauth1/debug';
import { CopyButton } from '../../components/CopyButton';

/** One column of the aligned pair: a character both have, one that differs, or a gap where one side has none. */
type Kind = 'same' | 'diff' | 'gap';
interface Cell {
  readonly ch: string;
  readonly kind: Kind;
}
interface Run {
  readonly kind: Kind;
  readonly text: string;
}

/** Both strings as columns: a differing run is padded with gaps on its shorter side, so what differs lines up. */
export function alignCells(segments: readonly DiffSegment[]): { top: Cell[]; bottom: Cell[] } {
  const top: Cell[] = [];
  const bottom: Cell[] = [];
  for (const s of segments) {
    const width = Math.max(s.top.length, s.bottom.length);
    for (let i = 0; i < width; i++) {
      const kind = (side: string): Kind => (s.same ? 'same' : i < side.length ? 'diff' : 'gap');
      top.push({ ch: s.top[i] ?? ' ', kind: kind(s.top) });
      bottom.push({ ch: s.bottom[i] ?? ' ', kind: kind(s.bottom) });
    }
  }
  return { top, bottom };
}

/** Consecutive cells of one kind joined, so a line is a few spans rather than one per character. */
function runs(cells: readonly Cell[]): Run[] {
  const out: { kind: Kind; text: string }[] = [];
  for (const c of cells) {
    const last = out[out.length - 1];
    if (last && last.kind === c.kind) last.text += c.ch;
    else out.push({ kind: c.kind, text: c.ch });
  }
  return out;
}

/** A short name for a base string's label, for the gutter of each line (the legend gives the whole label). */
export function shortLabel(label: string): string {
  if (/^(your client|signed by your client)/i.test(label)) return 'client';
  if (/^server/i.test(label)) return 'server';
  if (/^OAuth Lab/i.test(label)) return 'RFC';
  return label.split(/\s/)[0]!.replace(/'s$/, '');
}

const FALLBACK_COLUMNS = 80;
const GUTTER = 7;

/**
 * How many monospace characters fit on a line of the element: its width over the width of one character (measured
 * on a hidden probe in the same font), less the gutter. Follows resizes; falls back to 80 where nothing is laid out.
 */
function useColumns(active: boolean) {
  const box = useRef<HTMLDivElement>(null);
  const probe = useRef<HTMLSpanElement>(null);
  const [columns, setColumns] = useState(FALLBACK_COLUMNS);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      const ch = (probe.current?.getBoundingClientRect().width ?? 0) / 10;
      const width = el.clientWidth;
      if (ch > 0 && width > 0) setColumns(Math.max(20, Math.floor(width / ch) - GUTTER - 2));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [active]);
  return { box, probe, columns };
}

function Line({ tag, cells, side }: { tag: string; cells: readonly Cell[]; side: 'top' | 'bottom' }) {
  return (
    <div className={`bs-line ${side}`}>
      <span className="bs-tag" aria-hidden>
        {tag}
      </span>
      <code className="bs-text">
        {runs(cells).map((r, i) =>
          r.kind === 'same' ? (
            <span key={i}>{r.text}</span>
          ) : (
            <mark key={i} className={`bs-${r.kind}`}>
              {r.kind === 'gap' ? '\u00a0'.repeat(r.text.length) : r.text}
            </mark>
          )
        )}
      </code>
    </div>
  );
}

/**
 * Two base strings one above the other, cut into lines of the same width so each character stays above its
 * counterpart, with every difference marked: on the upper line what was signed, on the lower the reference; a
 * hatched gap where one side has nothing. The same base string twice is shown once. `shown` is what is drawn (the
 * comparison with its secrets masked, position for position); Copy copies `comparison`'s strings.
 */
export function BaseStringDiff({ comparison, shown = comparison }: { comparison: Comparison; shown?: Comparison }) {
  const { top, bottom, same, firstDifference } = comparison;
  const segments = shown.segments;
  const { box, probe, columns } = useColumns(!same);
  const topTag = shortLabel(top.label);
  const bottomTag = shortLabel(bottom.label) === topTag ? `${topTag}'` : shortLabel(bottom.label);
  const aligned = same ? { top: [], bottom: [] } : alignCells(segments);
  const chunks: number[] = [];
  if (!same) for (let at = 0; at < aligned.top.length; at += columns) chunks.push(at);
  const differing = segments.filter((s) => !s.same).length;
  return (
    <figure className="bs-diff" aria-label={same ? 'Base string' : 'Base strings compared'}>
      <figcaption className="bs-legend">
        {same ? (
          <div className="bs-legend-row">
            <span>
              {top.label === bottom.label
                ? `Base string, ${top.label}`
                : `Base string, the same for ${top.label} and ${bottom.label}`}
            </span>
            <CopyButton text={bottom.text} label="base string" />
          </div>
        ) : (
          <>
            <div className="bs-legend-row">
              <span>
                <span className="bs-key top" aria-hidden>
                  {topTag}
                </span>{' '}
                upper line: {top.label}
              </span>
              <CopyButton text={top.text} label={`${top.label} base string`} />
            </div>
            <div className="bs-legend-row">
              <span>
                <span className="bs-key bottom" aria-hidden>
                  {bottomTag}
                </span>{' '}
                lower line: {bottom.label}
              </span>
              <CopyButton text={bottom.text} label={`${bottom.label} base string`} />
            </div>
            <p className="muted small bs-count">
              {differing} {differing === 1 ? 'difference' : 'differences'}, the first at character{' '}
              {firstDifference! + 1}; marked on both lines.
            </p>
          </>
        )}
      </figcaption>
      {same ? (
        <pre className="mono wire bs-same">{shown.bottom.text}</pre>
      ) : (
        <div className="bs-rows mono" ref={box}>
          <span className="bs-probe" ref={probe} aria-hidden>
            0000000000
          </span>
          {chunks.map((at) => (
            <div className="bs-chunk" key={at}>
              <Line tag={topTag} cells={aligned.top.slice(at, at + columns)} side="top" />
              <Line tag={bottomTag} cells={aligned.bottom.slice(at, at + columns)} side="bottom" />
            </div>
          ))}
        </div>
      )}
    </figure>
  );
}
