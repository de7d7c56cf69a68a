// The patients feature's public surface for the app layer.
export { NewAccountDialog } from './components/NewAccountDialog';
