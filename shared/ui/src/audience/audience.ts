import type { UserType } from '@entry/constants';
import type { Brand } from '../brand-theme.tsx';

/** Who a screen speaks to: atom's school, parents and students; quest's progress tracking and admissions. */
export const AUDIENCES = ['school', 'parent', 'student', 'questProgress', 'questAdmissions'] as const;
export type Audience = (typeof AUDIENCES)[number];

/**
 * SPEC sections 2 and 6: the audience, chosen by brand and the visitor's user type, selects wording
 * (the not-found line) and imagery. A visitor not signed in is a parent to atom, a school to quest.
 */
export const audienceOf = (brand: Brand, base: UserType): Audience => {
  if (brand === 'quest') {
    return base === 'invigilator' || base === 'applicant' ? 'questAdmissions' : 'questProgress';
  }
  if (base === 'school' || base === 'teacher') return 'school';
  if (base === 'student') return 'student';
  return 'parent';
};
