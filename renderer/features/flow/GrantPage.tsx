import { useStore } from 'zustand';
import type { Grant } from '../../../shared/flows/driver/grant';
import { legOrder } from '../../../shared/flows/driver/leg-order';
import { useDeps } from '../../app/stores';
import type { GrantStore } from '../../state/machine/grant-store';
import { FlowPageShell } from './FlowPageShell';
import type { GrantPageParts, GrantPageState } from './grant-page-parts';
import { GrantLegPanel } from './GrantLegPanel';

/**
 * The page of a registered grant: its legs in the grant's order, each rendered by its kind
 * (GrantLegPanel), around the grant's own explanations (`parts`), so a new grant brings no page component.
 * `store`: the grant's page store (renderer/state/machine/grant-store.ts).
 */
export function GrantPage<S extends GrantPageState<L>, C, L extends string>({
  grant,
  store,
  parts,
}: {
  grant: Grant<S, C, L>;
  store: GrantStore<S, L>;
  parts: GrantPageParts<S, L>;
}) {
  const { now } = useDeps();
  const s = useStore(store);
  const { flow, current } = s;
  const order = flow ? legOrder(grant, flow) : (Object.keys(parts.titles) as L[]);
  // The stepper lists the legs in the order of its titles' keys.
  const titles = Object.fromEntries(order.map((leg) => [leg, parts.titles[leg]])) as Record<L, string>;
  const following = order[order.indexOf(current) + 1];
  const next =
    flow?.legs[current] === 'succeeded' && following
      ? { title: parts.titles[following], go: () => s.legChosen(following) }
      : null;
  return (
    <FlowPageShell
      name={parts.name}
      flow={flow}
      flowProfile={s.profile}
      startError={s.startError}
      onStart={s.flowStarted}
      intro={() => parts.intro}
      mockLogin={parts.mockLogin ?? 'No one logs in: no login page opens.'}
      titles={titles}
      arrows={parts.arrows}
      explain={parts.explain}
      explainKey={parts.explainKey}
      current={current}
      onChoose={s.legChosen}
      credentials={parts.credentials(flow, now)}
      panel={
        flow && (
          <>
            {parts.above?.[current]?.(flow, now)}
            <GrantLegPanel
              key={current}
              grant={grant}
              leg={current}
              state={flow}
              run={s.runs[current]}
              parts={parts}
              actions={s}
              next={next}
            />
          </>
        )
      }
    />
  );
}
