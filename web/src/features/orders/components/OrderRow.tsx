import ButtonBase from '@mui/material/ButtonBase';
import type { SxProps, Theme } from '@mui/material/styles';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Order } from '@/api/orders/keys';
import { ORDER_DOT_COLORS, ORDER_ROW_MIN_HEIGHT, URGENT_COLOR } from '../lib/constants';
import type { StatusDot } from '../lib/order-rules';
import { ORDER_TEXT } from '../lib/texts';

/** A patient's name as the list shows it ('Last, First'), or the blank-order text. */
export function orderPatientName(order: Pick<Order, 'patientName' | 'patientFirst' | 'patientLast'>): string {
  if (order.patientName) return order.patientName;
  if (order.patientLast || order.patientFirst) return [order.patientLast, order.patientFirst].filter(Boolean).join(', ');
  return ORDER_TEXT.noPatient;
}

/**
 * The rows' styles, given once around the list (`ORDERS_LIST_SX`), so a row is plain elements
 * with a class each, not a dozen styled components whose styles are worked out again at
 * every render (issue 17: rendering the list cost most of the page's blocking time).
 * They are what the MUI components the rows were built of gave them (Typography's variants,
 * the chevron icon's `action` colour, the status dot's Box).
 */
export const ORDER_ROW_SX = {
  '& .pc-order-row': {
    width: '100%',
    minHeight: ORDER_ROW_MIN_HEIGHT,
    display: 'flex',
    alignItems: 'flex-start',
    justifyContent: 'flex-start',
    textAlign: 'left',
    gap: 1.5,
    px: 2,
    py: 1.5,
    borderBottom: 1,
    borderColor: 'divider',
    bgcolor: 'background.paper',
    '&:hover': { bgcolor: 'action.hover' },
  },
  '& .pc-order-dot-box': { width: 12, flexShrink: 0, display: 'flex' },
  '& .pc-order-dot': { display: 'inline-block', flexShrink: 0, width: 12, height: 12, borderRadius: '50%', mt: '6px' },
  '& .pc-order-dot[data-dot="open"]': { bgcolor: ORDER_DOT_COLORS.open },
  '& .pc-order-dot[data-dot="available"]': { bgcolor: ORDER_DOT_COLORS.available },
  '& .pc-order-text': { flexGrow: 1, minWidth: 0 },
  '& .pc-order-title': { m: 0, typography: 'subtitle1', display: 'block', fontWeight: 600, lineHeight: 1.35, color: 'text.primary', overflowWrap: 'break-word' },
  '& .pc-order-title[data-urgent="true"]': { color: URGENT_COLOR },
  '& .pc-order-urgent': { fontSize: '0.75rem', fontWeight: 700, letterSpacing: 0.4, textTransform: 'uppercase', mr: 0.75, border: 1, borderRadius: 1, px: 0.5, verticalAlign: 'text-bottom' },
  '& .pc-order-patient': { m: 0, typography: 'body2', display: 'block', mt: 0.25 },
  '& .pc-order-line': { m: 0, typography: 'body2', display: 'block', color: 'text.secondary' },
  '& .pc-order-chevron': {
    userSelect: 'none',
    width: '1em',
    height: '1em',
    display: 'inline-block',
    flexShrink: 0,
    fill: 'currentColor',
    fontSize: (theme: Theme) => theme.typography.pxToRem(24),
    color: 'action.active',
    transition: (theme: Theme) => theme.transitions.create('fill', { duration: theme.transitions.duration.shorter }),
    alignSelf: 'center',
  },
} satisfies SxProps<Theme>;

/**
 * One order in the work list: a link to its page. Urgent orders have a red title. The status
 * dot (`dot`, from `statusDot`) is decorative: the status is written out beside it. Only
 * ButtonBase is a component (its ripple and keyboard focus); the rest is styled by
 * `ORDER_ROW_SX` around the list. Memoised: the list draws its rows again whenever it measures
 * or scrolls, and an order that did not change is left alone.
 */
export const OrderRow = memo(function OrderRow({ order, dot }: { order: Order; dot: StatusDot }) {
  return (
    <ButtonBase component={RouterLink} to={`/orders/${order.ordersId}`} focusRipple className="pc-order-row" data-testid="order-row" data-order-id={order.ordersId}>
      <div className="pc-order-dot-box">{dot && <span className="pc-order-dot" aria-hidden data-testid="status-dot" data-dot={dot} />}</div>
      <div className="pc-order-text">
        <span className="pc-order-title" data-testid="order-title" data-urgent={order.urgent ? 'true' : 'false'}>
          {order.urgent && <span className="pc-order-urgent">Urgent</span>}
          {order.shortDescription}
        </span>
        <span className="pc-order-patient" data-testid="order-patient">
          {orderPatientName(order)}
        </span>
        <span className="pc-order-line">
          {order.typeString} · <span data-testid="order-status">{order.statusString}</span>
        </span>
        <span className="pc-order-line">
          {order.dueDate ? `Due ${order.dueDate}` : 'No due date'} · #{order.orderNumber}
        </span>
        {order.assignedToName && <span className="pc-order-line">Assigned to {order.assignedToName}</span>}
      </div>
      {/* MUI's ChevronRight icon drawn as it draws it, without its styled component. */}
      <svg className="pc-order-chevron" focusable="false" aria-hidden="true" viewBox="0 0 24 24">
        <path d="M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z" />
      </svg>
    </ButtonBase>
  );
});
