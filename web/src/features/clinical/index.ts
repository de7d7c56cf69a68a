// The clinical feature's public surface for the app layer. The board (routes/ClinicalBoard) is
// loaded lazily by the app; its counts can be asked for while its code loads.
export { clinicalCountsQueryOptions } from './api/get-clinical-counts';
