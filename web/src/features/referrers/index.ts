// The referrers feature's public surface for the app layer: the patient area's Referrals and
// the list an appointment's Referrals page shows.
export { PatientReferralList } from './components/PatientReferralList';
