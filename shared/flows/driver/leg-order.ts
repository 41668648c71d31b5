import { firstLegOf, type Grant } from './grant';

/**
 * A grant's legs in the order a page lists them: from `first`, each leg the grant runs after the one before
 * (`next` on the given state), then the legs the user sends by themselves (where `next` ends the run: a bearer
 * call after client credentials) in the order the grant declares them. Each leg once, whatever `next` says.
 */
export function legOrder<S, C, L extends string>(grant: Grant<S, C, L>, state: S): readonly L[] {
  const order: L[] = [];
  for (let leg: L | null = firstLegOf(grant, state); leg !== null && !order.includes(leg); leg = grant.next(leg, state))
    order.push(leg);
  for (const leg of Object.keys(grant.legs) as L[]) if (!order.includes(leg)) order.push(leg);
  return order;
}
