import type { ReferralDirection, ReferralStatus } from '../api/types';

// The referrers' and referrals' texts (spec part 2, 'Referrers', 'Patient referrals', error catalogue).
export const REFERRER_TEXT = {
  referrers: 'Referrers',
  referrals: 'Referrals',
  searchPlaceholder: 'Search referrers...',
  searchLabel: 'Search referrers',
  clearSearch: 'Clear the search',
  found: 'Referrers found',
  noneFound: 'No referrers were found.',
  noReferrals: 'This Patient Has No Referrals',
  noNotes: 'No Referrer Notes',
  notFound: 'Referral not found',
  contact: 'Contact Information',
  notes: 'Referrer Notes',
  type: 'Type',
  specialty: 'Default Specialty',
  npi: 'NPI',
  companyOffice: 'Company/Office',
  address: 'Address',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  website: 'Website',
  directAddress: 'Electronic Direct Address',
  email: 'Email',
  fax: 'Fax',
  addReferral: 'Add Referral',
  referrer: 'Referrer',
  direction: 'Direction',
  date: 'Date',
  reason: 'Reason',
  status: 'Status',
  changeStatus: 'Change Status',
  referral: 'Referral',
  saved: 'The referral was saved.',
  statusSaved: 'The status was changed.',
  notSaved: 'The referral could not be saved. Please try again.',
  chooseFromList: 'Choose a value from the list',
  notFuture: 'Cannot be in the future',
  typeToSearch: 'Type a name, company, specialty or NPI',
  searching: 'Searching…',
  conflictNote: 'The referral as now saved is shown. Choose the status again if it should still change.',
  showing: (count: number) => `${count} shown. Type to find others.`,
} as const;

const REFERRER_TYPE_LABELS: Record<string, string> = { person: 'Person', organisation: 'Organization' };

/** 'Referred to' = outgoing (the practice referred the patient), 'Referred by' = incoming. */
export const DIRECTION_LABELS = { outgoing: 'Referred to', incoming: 'Referred by' } as const satisfies Record<ReferralDirection, string>;

export const STATUS_LABELS = { pending: 'Pending', scheduled: 'Scheduled', completed: 'Completed', cancelled: 'Cancelled' } as const satisfies Record<ReferralStatus, string>;

// The document gives type, direction and status as text: a value this app does not know shows as sent.
const labelOf = (labels: Record<string, string>, value: string) => (Object.hasOwn(labels, value) ? labels[value]! : value);
export const referrerTypeLabel = (type: string) => labelOf(REFERRER_TYPE_LABELS, type);
export const directionLabel = (direction: string) => labelOf(DIRECTION_LABELS, direction);
export const statusLabel = (status: string) => labelOf(STATUS_LABELS, status);

export const REFERRAL_DIRECTIONS: readonly ReferralDirection[] = ['outgoing', 'incoming'];
export const REFERRAL_STATUSES: readonly ReferralStatus[] = ['pending', 'scheduled', 'completed', 'cancelled'];

/** A referrer's phone types (0-3). */
export const REFERRER_PHONE_TYPES = ['Office', 'Mobile', 'Fax', 'Other'] as const;
export const FAX_PHONE_TYPE = 2;
