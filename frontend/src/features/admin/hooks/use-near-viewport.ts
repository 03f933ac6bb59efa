import { useEffect, useState, type RefObject } from 'react';

/** How far outside the viewport an element counts as "near" (the map starts loading early). */
const NEAR_MARGIN = '300px 0px';

/**
 * True once the element has come near the viewport (and stays true): a long queue mounts
 * its Leaflet previews as the admin scrolls, not all at once. Without
 * IntersectionObserver (old browsers, jsdom) everything counts as near.
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}
