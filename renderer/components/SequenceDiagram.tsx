/** One message of a flow: from one party to another, and the leg it belongs to. */
export interface Arrow<L extends string> {
  readonly from: Party;
  readonly to: Party;
  readonly label: string;
  readonly leg: L;
}
export type Party = 'app' | 'browser' | 'provider' | 'catcher';

const PARTIES: readonly { id: Party; name: string }[] = [
  { id: 'app', name: 'Your app' },
  { id: 'browser', name: "User's browser" },
  { id: 'provider', name: 'Provider' },
  { id: 'catcher', name: 'Loopback catcher' },
];
const LANE = 180;
const ROW = 26;
const TOP = 34;

/**
 * The parties and the messages between them as arrows, drawn as SVG by the app (no external service). The current
 * leg's arrows are highlighted and each arrow chooses its leg when clicked.
 */
export function SequenceDiagram<L extends string>({
  arrows,
  current,
  onChoose,
  title,
}: {
  arrows: readonly Arrow<L>[];
  current: L;
  onChoose: (leg: L) => void;
  title: string;
}) {
  const x = (p: Party) => PARTIES.findIndex((q) => q.id === p) * LANE + LANE / 2;
  const height = TOP + arrows.length * ROW + 12;
  return (
    <svg className="sequence" viewBox={`0 0 ${PARTIES.length * LANE} ${height}`} role="img" aria-label={title}>
      <defs>
        <marker
          id="head"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto-start-reverse"
        >
          <path d="M0,0 L10,5 L0,10 z" fill="context-stroke" />
        </marker>
      </defs>
      {PARTIES.map((p) => (
        <g key={p.id}>
          <text x={x(p.id)} y={16} textAnchor="middle" className="party">
            {p.name}
          </text>
          <line x1={x(p.id)} x2={x(p.id)} y1={24} y2={height} className="lifeline" />
        </g>
      ))}
      {arrows.map((a, i) => {
        const y = TOP + i * ROW + 10;
        const self = a.from === a.to;
        const cls = `arrow ${a.leg === current ? 'current' : ''}`;
        return (
          <g
            key={i}
            className={cls}
            onClick={() => onChoose(a.leg)}
            onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onChoose(a.leg)}
            role="button"
            aria-label={`${a.label} (go to this leg)`}
            tabIndex={0}
          >
            <line x1={x(a.from)} x2={self ? x(a.from) + 30 : x(a.to)} y1={y} y2={y} markerEnd="url(#head)" />
            <text x={(x(a.from) + x(a.to)) / 2} y={y - 4} textAnchor="middle">
              {a.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
