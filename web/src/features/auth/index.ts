// The auth feature's public surface for the app layer.
export { LoginForm } from './components/LoginForm';
