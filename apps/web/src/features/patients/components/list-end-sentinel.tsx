import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';

interface ListEndSentinelProps {
  /** False once every page has loaded, or while one is loading. */
  active: boolean;
  onReached: () => void;
}

/** An empty mark under the endless list: when it comes into view, the next page loads (spec patients 2.2). */
export function ListEndSentinel({ active, onReached }: ListEndSentinelProps) {
  const ref = useRef<HTMLDivElement>(null);
  const onReachedRef = useRef(onReached);
  onReachedRef.current = onReached;

  useEffect(() => {
    const element = ref.current;
    if (!element || !active) return;
    // Loading starts a little before the bottom is reached, so scrolling rarely waits.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onReachedRef.current();
      },
      { rootMargin: '0px 0px 200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [active]);

  return <Box ref={ref} aria-hidden sx={{ height: 1 }} />;
}
