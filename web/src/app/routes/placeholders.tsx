import { PlaceholderPage } from '@/components/PlaceholderPage';

/** Screens whose content arrives with later issues: titled pages until then. */
export const ReferrersPlaceholder = () => <PlaceholderPage title="Referrers" />;
