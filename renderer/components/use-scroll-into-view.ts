import { useEffect, useRef } from 'react';

/**
 * A result that appears below the fold is brought into view when it appears (`shown` turns true, or its `key`
 * changes), so an answer to a click is never one or two screens away from the button that asked for it. `start`
 * puts a long result's beginning at the top, where its reading starts.
 */
export function useScrollIntoView<E extends HTMLElement>(
  shown: boolean,
  key: unknown = null,
  block: 'nearest' | 'start' = 'nearest'
) {
  const ref = useRef<E>(null);
  useEffect(() => {
    if (shown) ref.current?.scrollIntoView({ block });
  }, [shown, key, block]);
  return ref;
}
