// The order screens' texts: only the orders feature shows them.
/** 'No order found with ID {orderId}' (spec part 1, section 8). */
export function noOrderFound(orderId: string | number): string {
  return `No order found with ID ${orderId}`;
}

/** Screen texts of the order screens (spec part 1, sections 2 and 3). */
export const ORDER_TEXT = {
  // From the spec's error catalogue (part 1, section 8; part 2, section 8).
  noOrdersFound: 'No orders were found',
  orderSaved: 'Your order was successfully saved!',
  pageTitle: 'Orders',
  mine: 'Mine',
  all: 'All',
  filtersTitle: 'Filters',
  apply: 'Apply',
  refresh: 'Refresh',
  keyword: 'Keyword',
  newOrder: 'New Order',
  editOrder: 'Edit Order',
  chooserTitle: 'Orders',
  searchForPatient: 'Search for Patient',
  createBlankOrder: 'Create Blank Order',
  statusUpdates: 'Status Updates',
  notes: 'Notes',
  allOpen: 'All Open',
  none: 'None',
  unsigned: 'Unsigned',
  signed: 'Signed',
  urgentOrder: 'Urgent Order',
  orderNotes: 'Order Notes',
  // Not in the spec (it names no text for these): ours.
  noPatient: 'No patient (blank order)',
  notSaved: 'The order could not be saved. Please try again.',
} as const;
