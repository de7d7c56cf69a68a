import Box from '@mui/material/Box';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Order } from '@/api/orders/keys';
import { OrderRow } from './OrderRow';
import { ORDER_ROW_HEIGHT, ORDER_ROW_OVERSCAN } from '../lib/constants';

/**
 * The work list as a virtual list over the page's own scrolling (rows measured, 165px
 * estimated, at least 100px, 5 rows rendered beyond the screen). Reaching the last row
 * calls `onEndReached` (the next page), unless `autoLoad` is off. Drawn again only when its
 * props change (the page's other state, the keyword as it is typed, leaves the rows alone).
 */
export const OrdersList = memo(function OrdersList({
  orders,
  onEndReached,
  autoLoad,
  label,
}: {
  orders: Order[];
  onEndReached: () => void;
  autoLoad: boolean;
  label: string;
}) {
  const listRef = useRef<HTMLDivElement | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // Where the list starts on the page: measured when it mounts, when rows arrive (what is
  // above may have changed height) and when the window is resized or turned.
  useLayoutEffect(() => {
    const update = () => {
      const top = listRef.current ? Math.round(listRef.current.getBoundingClientRect().top + window.scrollY) : 0;
      setScrollMargin((previous) => (previous === top ? previous : top));
    };
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [orders.length]);

  const virtualizer = useWindowVirtualizer({
    count: orders.length,
    estimateSize: () => ORDER_ROW_HEIGHT,
    overscan: ORDER_ROW_OVERSCAN,
    scrollMargin,
    getItemKey: (index) => orders[index]?.ordersId ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1];

  useEffect(() => {
    if (autoLoad && last && last.index >= orders.length - 1) onEndReached();
  }, [autoLoad, last, orders.length, onEndReached]);

  return (
    <Box ref={listRef} role="list" aria-label={label} data-testid="orders-list" sx={{ position: 'relative', width: '100%', height: virtualizer.getTotalSize() }}>
      {items.map((item) => {
        const order = orders[item.index];
        if (!order) return null;
        return (
          <Box
            key={item.key}
            role="listitem"
            aria-setsize={orders.length}
            aria-posinset={item.index + 1}
            data-index={item.index}
            ref={virtualizer.measureElement}
            sx={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
          >
            <OrderRow order={order} />
          </Box>
        );
      })}
    </Box>
  );
});
