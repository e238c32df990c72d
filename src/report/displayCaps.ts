/** How much of a very long session a page draws; the totals always count everything. */
export interface DisplayCaps {
  /** Past this many turns the strip draws groups of consecutive turns, one bar each. */
  readonly turnBars: number;
  /** Past this many markers in one lane, the lane keeps the first marker of a kind per stretch of the session. */
  readonly laneMarkers: number;
  /** Past this many failed tool results, the strip keeps the first per stretch of the session. */
  readonly toolErrors: number;
}

/**
 * A page of a session with a hundred thousand turns would be hundreds of megabytes and draw
 * nothing more than a page of a few thousand (decisions 55 and 57): more than the chart has pixel columns.
 */
export const DISPLAY_CAPS: DisplayCaps = { turnBars: 2_000, laneMarkers: 2_000, toolErrors: 1_000 };
