/** The most entries one repository may hold on the reference server unless told otherwise. */
export const DEFAULT_MAX_ENTRIES = 5_000;
