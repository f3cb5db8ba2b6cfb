/**
 * Year-group ids (SPEC 3). Nursery and reception sit below year 1 so ids still sort by age; year 6 plus
 * is 100 because it is a post-year-6 cohort, not year 100.
 */
export const YEAR_GROUP_IDS = {
  nursery: -1,
  reception: 0,
  year_1: 1,
  year_2: 2,
  year_3: 3,
  year_4: 4,
  year_5: 5,
  year_6: 6,
  year_7: 7,
  year_8: 8,
  year_9: 9,
  year_10: 10,
  year_11: 11,
  year_12: 12,
  year_6_plus: 100,
} as const;
export type YearGroupName = keyof typeof YEAR_GROUP_IDS;

export const YEAR_GROUPS = [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 100] as const;
export type YearGroup = (typeof YEAR_GROUPS)[number];

/**
 * The year groups in the order a family meets them, for lists they pick from: year 6 plus, the cohort
 * after year 6 preparing for the 11-plus, follows year 6 (sorted by id it would come after year 12).
 */
export const YEAR_GROUPS_BY_AGE = [-1, 0, 1, 2, 3, 4, 5, 6, 100, 7, 8, 9, 10, 11, 12] as const satisfies readonly YearGroup[];
