// The numbers only the login uses (spec part 1, section 7).
/** The client type the login call sends (spec part 1, section 7). */
export const CLIENT_TYPE = 8;
