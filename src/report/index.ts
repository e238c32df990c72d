/** The session report (`memlog report`, `memlog replay --html`): the view of a session, its page, the table over a folder. */
export { buildSessionView, type SessionInputs, type SessionView, type SessionTotals, type TurnBar } from './sessionView.js';
export { renderSessionPage } from './renderSessionPage.js';
export { renderIndexPage } from './renderIndexPage.js';
export { formatReportTable } from './formatReportTable.js';
export { writeReport, type Report, type ReportOptions } from './writeReport.js';
export type { ReportRow } from './reportRow.js';
