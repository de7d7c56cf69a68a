// The vitals feature's public surface for the app layer (its measurement page,
// routes/VitalsDetail, is loaded lazily by the app).
export { NewVitalsDialog } from './components/VitalsDialogs';
