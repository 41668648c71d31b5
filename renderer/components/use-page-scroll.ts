import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * The window scrolls, not each page, so its offset would carry over from one page to the next (a page opening
 * 900 px down, in the middle of a response). Each page's offset is kept as it is scrolled, and put back when the page
 * is shown again: at its top the first time, where it was left after. It is kept on scroll events, since by the time
 * the next page is laid out the browser has already cut the offset to the new page's height.
 */
export function usePageScroll(page: string): void {
  const offsets = useRef(new Map<string, number>());
  const shown = useRef(page);
  useEffect(() => {
    const kept = () => offsets.current.set(shown.current, window.scrollY);
    window.addEventListener('scroll', kept, { passive: true });
    return () => window.removeEventListener('scroll', kept);
  }, []);
  useLayoutEffect(() => {
    if (shown.current === page) return;
    shown.current = page;
    window.scrollTo(0, offsets.current.get(page) ?? 0);
  }, [page]);
}
