import { Route, Routes } from 'react-router';
import OrderDetailPage from './OrderDetailPage';
import OrdersPage from './OrdersPage';

/** /orders and /orders/:orderId. */
export default function OrdersRoutes() {
  return (
    <Routes>
      <Route index element={<OrdersPage />} />
      <Route path=":orderId" element={<OrderDetailPage />} />
    </Routes>
  );
}
