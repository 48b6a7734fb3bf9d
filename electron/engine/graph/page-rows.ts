// How a page row becomes the contract's PageSummary: the mapping lives with the SQL in
// store/sqlite/page-rows.ts; the graph's queries import it from here until they move there.
export { PAGE_FROM, PAGE_SUMMARY_COLUMNS, toPageSummary, type PageSummaryRow } from '../store/sqlite/page-rows.ts';
