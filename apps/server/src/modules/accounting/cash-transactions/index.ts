/** The cash in (CI) and cash out (CO) types for the area's list of document types. */
export { cashInType, cashOutType } from './definition.ts';
