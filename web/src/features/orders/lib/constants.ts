// Orders (spec part 1, sections 2, 4 and 9): the numbers only the orders feature uses.
/** Orders per page of the work list. */
export const ORDERS_PAGE_LIMIT = 25;
/** Virtual list rows: estimated height, minimum height, rows rendered beyond the screen. */
export const ORDER_ROW_HEIGHT = 165;
export const ORDER_ROW_MIN_HEIGHT = 100;
export const ORDER_ROW_OVERSCAN = 5;
/** A new order's type and status. */
export const DEFAULT_ORDER_TYPE = 100;
export const DEFAULT_ORDER_STATUS = 1;
/** Shown with a blue "available" dot. */
export const AVAILABLE_ORDER_STATUS = 9;
/** The filters' 'All Open' status choice, the 'None' office and the order form's 'None' incident. */
export const ALL_OPEN_STATUS = 0;
export const NONE_OFFICE = 0;
export const NONE_INCIDENT = 0;
/** Editing an order of this type leaves its long description as it is. */
export const LOCKED_DESCRIPTION_ORDER_TYPE = 50;
/** Status dot colours: red for open statuses (the theme's error red), blue for "available". */
export const ORDER_DOT_COLORS = { open: '#B71C1C', available: '#1565C0' } as const;
/** Urgent order titles. */
export const URGENT_COLOR = '#B71C1C';
