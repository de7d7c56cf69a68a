import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import OrdersPage from './OrdersPage';

// One order's page loads when first visited, not with the list.
const OrderDetailPage = lazy(() => import('./OrderDetailPage'));

/** /orders and /orders/:orderId. */
export default function OrdersRoutes() {
  return (
    <Routes>
      <Route index element={<OrdersPage />} />
      <Route
        path=":orderId"
        element={
          <Suspense fallback={null}>
            <OrderDetailPage />
          </Suspense>
        }
      />
    </Routes>
  );
}
