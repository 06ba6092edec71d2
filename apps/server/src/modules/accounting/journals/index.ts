/** The journal entry type (JV) for the area's list of document types, and its balance check for the demo seed. */
export { journalType } from './definition.ts';
export { assertBalancedLines } from './checks.ts';
