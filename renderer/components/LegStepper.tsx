import type { LegStatus } from '../../shared/flows';

const LABEL: Record<LegStatus, string> = {
  not_started: 'Not started',
  ready: 'Ready',
  waiting: 'Waiting',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

/** The legs of a flow in order, each with its status; choosing one shows it. */
export function LegStepper<L extends string>({
  legs,
  titles,
  current,
  onChoose,
}: {
  legs: Readonly<Record<L, LegStatus>>;
  titles: Readonly<Record<L, string>>;
  current: L;
  onChoose: (leg: L) => void;
}) {
  const order = Object.keys(titles) as L[];
  return (
    <nav className="stepper" aria-label="Legs of the flow">
      <ol>
        {order.map((leg, i) => (
          <li key={leg}>
            <button
              type="button"
              className={`leg ${legs[leg]} ${leg === current ? 'current' : ''}`}
              aria-current={leg === current ? 'step' : undefined}
              onClick={() => onChoose(leg)}
            >
              <span className="leg-num">{i + 1}</span>
              <span className="leg-title">{titles[leg]}</span>
              <span className="leg-status">{LABEL[legs[leg]]}</span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
