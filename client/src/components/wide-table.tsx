/**
 * A table wider than a phone screen: it scrolls sideways, and while columns are hidden off an
 * edge it says so (a line above and a shadow on that edge), so nobody takes the visible columns
 * for all of them.
 */
import { Box, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

interface Overflow {
  left: boolean;
  right: boolean;
}

export function WideTable({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  const scroller = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ left: false, right: false });

  const measure = useCallback(() => {
    const box = scroller.current;
    if (!box) return;
    const left = box.scrollLeft > 1;
    const right = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
    setOverflow((current) => (current.left === left && current.right === right ? current : { left, right }));
  }, []);

  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [measure]);

  const shadows = [
    overflow.left ? 'inset 12px 0 10px -10px rgba(0, 0, 0, 0.25)' : null,
    overflow.right ? 'inset -12px 0 10px -10px rgba(0, 0, 0, 0.25)' : null,
  ].filter(Boolean);

  return (
    <Box>
      {(overflow.left || overflow.right) && (
        <Text size="xs" c="dimmed" mb={4} data-scroll-hint>
          {overflow.right ? 'More columns to the right: scroll sideways →' : '← More columns to the left'}
        </Text>
      )}
      <Box pos="relative">
        <div ref={scroller} onScroll={measure} style={{ overflowX: 'auto' }}>
          <Box miw={minWidth}>{children}</Box>
        </div>
        {shadows.length > 0 && <Box aria-hidden pos="absolute" inset={0} style={{ pointerEvents: 'none', boxShadow: shadows.join(', ') }} />}
      </Box>
    </Box>
  );
}
