// The orders feature's public surface for the app layer.
export { NewOrderDialog } from './components/OrderDialogs';
