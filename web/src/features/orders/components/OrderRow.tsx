import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Order } from '@/api/orders/keys';
import { StatusDot } from './StatusDot';
import { ORDER_ROW_MIN_HEIGHT, URGENT_COLOR } from '../lib/constants';
import { ORDER_TEXT } from '../lib/texts';

/** A patient's name as the list shows it ('Last, First'), or the blank-order text. */
export function orderPatientName(order: Pick<Order, 'patientName' | 'patientFirst' | 'patientLast'>): string {
  if (order.patientName) return order.patientName;
  if (order.patientLast || order.patientFirst) return [order.patientLast, order.patientFirst].filter(Boolean).join(', ');
  return ORDER_TEXT.noPatient;
}

/** One order in the work list: a link to its page. Urgent orders have a red title. */
export function OrderRow({ order }: { order: Order }) {
  return (
    <ButtonBase
      component={RouterLink}
      to={`/orders/${order.ordersId}`}
      focusRipple
      data-testid="order-row"
      data-order-id={order.ordersId}
      sx={{
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
      }}
    >
      <Box sx={{ width: 12, flexShrink: 0, display: 'flex' }}>
        <StatusDot statusId={order.orderStatusId} />
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography
          component="span"
          variant="subtitle1"
          data-testid="order-title"
          data-urgent={order.urgent ? 'true' : 'false'}
          sx={{ display: 'block', fontWeight: 600, lineHeight: 1.35, color: order.urgent ? URGENT_COLOR : 'text.primary', overflowWrap: 'break-word' }}
        >
          {order.urgent && (
            <Box component="span" sx={{ fontSize: '0.75rem', fontWeight: 700, letterSpacing: 0.4, textTransform: 'uppercase', mr: 0.75, border: 1, borderRadius: 1, px: 0.5, verticalAlign: 'text-bottom' }}>
              Urgent
            </Box>
          )}
          {order.shortDescription}
        </Typography>
        <Typography component="span" variant="body2" sx={{ display: 'block', mt: 0.25 }} data-testid="order-patient">
          {orderPatientName(order)}
        </Typography>
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {order.typeString} · <span data-testid="order-status">{order.statusString}</span>
        </Typography>
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {order.dueDate ? `Due ${order.dueDate}` : 'No due date'} · #{order.orderNumber}
        </Typography>
        {order.assignedToName && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            Assigned to {order.assignedToName}
          </Typography>
        )}
      </Box>
      <ChevronRight aria-hidden color="action" sx={{ alignSelf: 'center' }} />
    </ButtonBase>
  );
}
