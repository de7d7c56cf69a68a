import type { SxProps, Theme } from '@mui/material/styles';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Order } from '@/api/orders/keys';
import { ORDER_ROW_SX, OrderRow } from './OrderRow';
import { useOrderStatuses } from '../api/get-order-statuses';
import { ORDER_ROW_HEIGHT, ORDER_ROW_OVERSCAN } from '../lib/constants';
import { statusDot } from '../lib/order-rules';

/**
 * The list's rows and their styles, for an element around the list that is there before the
 * rows (the page's tab panel): the styles are then in the page's style sheet from the page's
 * first render, and the rows' arrival adds none (each rule added makes the browser work out
 * the page's styles again), nor works them out again whenever the list is redrawn.
 */
export const ORDERS_LIST_SX = {
  '& .pc-order-item': { position: 'absolute', top: 0, left: 0, width: '100%' },
  ...ORDER_ROW_SX,
} satisfies SxProps<Theme>;

/**
 * The work list as a virtual list over the page's own scrolling (rows measured, 165px
 * estimated, at least 100px, 5 rows rendered beyond the screen once the first rows have
 * shown). Reaching the last row
 * calls `onEndReached` (the next page), unless `autoLoad` is off. Drawn again only when its
 * props change (the page's other state, the keyword as it is typed, leaves the rows alone).
 * Styled by `ORDERS_LIST_SX` on an element around it. The height and each row's place are
 * inline styles: as sx they would make a class per value, added to the style sheet every
 * time the rows are measured or scrolled.
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
  // The statuses (for the red dots), asked for once here rather than by every row.
  const statuses = useOrderStatuses().data;
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

  // The rows on the screen are drawn first; those beyond it (the overscan) once they have been
  // painted, in a task of their own, not in the one that draws the answer (issue 17).
  const [overscan, setOverscan] = useState(0);
  useEffect(() => {
    if (overscan === ORDER_ROW_OVERSCAN) return;
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setOverscan(ORDER_ROW_OVERSCAN));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [overscan]);

  const virtualizer = useWindowVirtualizer({
    count: orders.length,
    estimateSize: () => ORDER_ROW_HEIGHT,
    overscan,
    scrollMargin,
    getItemKey: (index) => orders[index]?.ordersId ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1];

  useEffect(() => {
    if (autoLoad && last && last.index >= orders.length - 1) onEndReached();
  }, [autoLoad, last, orders.length, onEndReached]);

  return (
    <div ref={listRef} role="list" aria-label={label} data-testid="orders-list" style={{ position: 'relative', width: '100%', height: virtualizer.getTotalSize() }}>
      {items.map((item) => {
        const order = orders[item.index];
        if (!order) return null;
        return (
          <div
            key={item.key}
            role="listitem"
            aria-setsize={orders.length}
            aria-posinset={item.index + 1}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="pc-order-item"
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
          >
            <OrderRow order={order} dot={statusDot(order.orderStatusId, statuses)} />
          </div>
        );
      })}
    </div>
  );
});
