import ArrowBack from '@mui/icons-material/ArrowBack';
import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { Order } from '@/api/orders/keys';
import { FieldList } from '@/components/FieldList';
import { FullScreenSpinner } from '@/components/FullScreenSpinner';
import { PageContainer } from '@/components/PageContainer';
import { EmptyText, PageSection } from '@/components/page-parts';
import { usePageTitle } from '@/components/page-title';
import { displayDateTime } from '@/lib/dates';
import { personName } from '@/lib/format';
import { isOrderNotFound, useOrder } from '../api/get-order';
import { EditOrderDialog } from '../components/OrderDialogs';
import { orderPatientName } from '../components/OrderRow';
import { StatusDot } from '../components/StatusDot';
import { URGENT_COLOR } from '../lib/constants';
import { noOrderFound, ORDER_TEXT } from '../lib/texts';

/** An order id from the address: digits only, positive; null otherwise. */
export function parseOrderId(segment: string | undefined): number | null {
  if (!segment || !/^\d+$/.test(segment)) return null;
  const id = Number(segment);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function BackToOrders() {
  return (
    <Button component={RouterLink} to="/orders" startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
      Orders
    </Button>
  );
}

function NoOrder({ id }: { id: string }) {
  return (
    <PageContainer>
      <Stack spacing={2}>
        <Alert severity="info" data-testid="no-order">
          {noOrderFound(id)}
        </Alert>
        <BackToOrders />
      </Stack>
    </PageContainer>
  );
}

function StatusUpdates({ order }: { order: Order }) {
  return (
    <PageSection title={ORDER_TEXT.statusUpdates}>
      {order.statusUpdates.length === 0 ? (
        <EmptyText>No status updates yet.</EmptyText>
      ) : (
        <List disablePadding aria-label={ORDER_TEXT.statusUpdates} data-testid="status-updates">
          {order.statusUpdates.map((u, i) => (
            <ListItem key={`${u.created}-${i}`} divider={i < order.statusUpdates.length - 1} disableGutters>
              <ListItemText
                primary={u.statusString}
                secondary={[displayDateTime(u.created), u.user ? personName(u.user) : ''].filter(Boolean).join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
    </PageSection>
  );
}

function Notes({ order }: { order: Order }) {
  return (
    <PageSection title={ORDER_TEXT.notes}>
      {order.orderNotes.length === 0 ? (
        <EmptyText>No notes yet.</EmptyText>
      ) : (
        <List disablePadding aria-label={ORDER_TEXT.notes} data-testid="order-notes">
          {order.orderNotes.map((n, i) => (
            <ListItem key={n.noteId} divider={i < order.orderNotes.length - 1} disableGutters sx={{ display: 'block' }}>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}>{n.message}</Typography>
              <Typography variant="body2" color="textSecondary">
                {[displayDateTime(n.created), n.author ? personName(n.author) : '', n.assignedTo ? `assigned to ${personName(n.assignedTo)}` : ''].filter(Boolean).join(' · ')}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </PageSection>
  );
}

function OrderDetail({ order }: { order: Order }) {
  const [editing, setEditing] = useState(false);
  const patient = orderPatientName(order);
  return (
    <PageContainer>
      <Stack spacing={2}>
        <BackToOrders />
        <PageSection
          title={order.shortDescription || `Order ${order.orderNumber}`}
          action={
            <Button variant="contained" color="primary" startIcon={<Edit />} onClick={() => setEditing(true)}>
              {ORDER_TEXT.editOrder}
            </Button>
          }
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
            <StatusDot statusId={order.orderStatusId} inline />
            <Typography component="span" data-testid="order-detail-status">
              {order.statusString}
            </Typography>
            {order.urgent && <Chip size="small" label="Urgent" variant="outlined" sx={{ color: URGENT_COLOR, borderColor: URGENT_COLOR }} />}
            {order.signed && <Chip size="small" label="Signed" variant="outlined" />}
          </Box>
          <FieldList
            label="Order"
            rows={[
              {
                label: 'Patient',
                value: order.patientId ? (
                  <Link component={RouterLink} to={`/patients/${order.patientId}/patient_home`}>
                    {patient}
                  </Link>
                ) : (
                  patient
                ),
                testId: 'order-patient',
              },
              { label: 'Order Type', value: order.typeString, testId: 'order-type' },
              { label: 'Order Number', value: order.orderNumber, testId: 'order-number' },
              { label: 'Short Description', value: order.shortDescription, testId: 'order-short-description' },
              { label: 'Long Description', value: order.longDescription ? <Box sx={{ whiteSpace: 'pre-wrap' }}>{order.longDescription}</Box> : '', testId: 'order-long-description' },
              { label: 'Due Date', value: order.dueDate ?? '', testId: 'order-due' },
              { label: 'Assigned To', value: order.assignedToName, testId: 'order-assigned-to' },
              { label: 'Provider', value: order.providerName ?? '', testId: 'order-provider' },
              { label: 'Office', value: order.officeString ?? '', testId: 'order-office' },
              { label: 'Incident', value: order.incident?.incidentName ?? '', testId: 'order-incident' },
            ]}
          />
        </PageSection>
        <StatusUpdates order={order} />
        <Notes order={order} />
      </Stack>
      <EditOrderDialog open={editing} onClose={() => setEditing(false)} order={order} />
    </PageContainer>
  );
}

/**
 * /orders/:orderId (spec part 1, 'Order detail'): the order, its status updates and
 * notes, and Edit Order. A missing order shows 'No order found with ID {orderId}' on the
 * page (the API Error overlay stays closed for that 404).
 */
export default function OrderDetailPage() {
  const { orderId } = useParams();
  const id = parseOrderId(orderId);
  const order = useOrder(id);
  usePageTitle(order.data ? `Order ${order.data.orderNumber}` : 'Order');
  if (id === null) return <NoOrder id={orderId ?? ''} />;
  if (order.isPending) return <FullScreenSpinner label="Loading the order…" />;
  if (order.error && isOrderNotFound(order.error)) return <NoOrder id={String(id)} />;
  if (!order.data) {
    return (
      <PageContainer>
        <Alert severity="error" action={<Button onClick={() => void order.refetch()}>Retry</Button>}>
          The order could not be loaded. Please try again.
        </Alert>
      </PageContainer>
    );
  }
  return <OrderDetail order={order.data} />;
}
