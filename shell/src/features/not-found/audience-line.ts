import type { UserType } from '@entry/constants';
import type { Brand } from '@entry/ui';

export type AudienceLineKey = 'school' | 'parent' | 'student' | 'questProgress' | 'questAdmissions';

/** SPEC section 2: the not-found screen's line is chosen by brand and audience (wording only, section 6). */
export const audienceLine = (brand: Brand, base: UserType): AudienceLineKey => {
  if (brand === 'quest') {
    return base === 'invigilator' || base === 'applicant' ? 'questAdmissions' : 'questProgress';
  }
  if (base === 'school' || base === 'teacher') return 'school';
  if (base === 'student') return 'student';
  return 'parent';
};
