// Vitals (spec part 1, sections 5 and 9): the numbers only the vitals feature uses.
export const MM_PER_FOOT = 304.8;
export const MM_PER_INCH = 25.4;
export const GRAMS_PER_POUND = 453.592;
export const MM_PER_CM = 10;
/** Head circumference is offered when the birth date is unknown or the patient is this old or younger. */
export const HEAD_CIRCUMFERENCE_MAX_AGE = 3;
