// The numbers only the patients feature uses (spec part 2, section 9).
/** The patient header card's collapsed height (spec part 2, section 9). */
export const HEADER_CARD_COLLAPSED_PX = 90;
