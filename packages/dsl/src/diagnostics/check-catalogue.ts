// Every code the checker reports (stable public API), gathered from the catalogue's checker parts.
import { CHECK_DECLARATION_CODES } from './check-declarations.ts';
import { CHECK_NAME_CODES } from './check-names.ts';
import { CHECK_TYPE_CODES } from './check-types.ts';
import { CHECK_USAGE_CODES } from './check-usage.ts';

/** The checker's codes; `declaration_duplicate` (report-duplicate-declaration) is in catalogue.ts. */
export const ALL_CHECK_CODES: readonly string[] = [
  ...CHECK_NAME_CODES, ...CHECK_TYPE_CODES, ...CHECK_DECLARATION_CODES, ...CHECK_USAGE_CODES,
];
