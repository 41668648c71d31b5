import { useEffect, useRef } from 'react';

/**
 * A result that appears below the fold is brought into view when it appears (`shown` turns true, or its `key`
 * changes), so an answer to a click is never one or two screens away from the button that asked for it.
 */
export function useScrollIntoView<E extends HTMLElement>(shown: boolean, key: unknown = null) {
  const ref = useRef<E>(null);
  useEffect(() => {
    if (shown) ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [shown, key]);
  return ref;
}
