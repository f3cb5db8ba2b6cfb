import { addTranslations } from '@entry/i18n';
import type { RemoteScreens } from '@entry/routes';
import { probeSingletons } from '@entry/singleton-probe';
import { SchoolLandingScreen } from './features/landing/school-landing-screen.tsx';
import { AssessmentScreen } from './features/portal/assessment-screen.tsx';
import { assessmentsTexts } from './locales/en-gb.ts';
import '@entry/exam-kit/styles.css';

addTranslations('assessments', assessmentsTexts);
probeSingletons('assessments');

/** Every route the assessments remote owns (SPEC section 2). */
export const screens: RemoteScreens<'assessments'>['screens'] = {
  assessments: AssessmentScreen,
  schoolLanding: SchoolLandingScreen,
};
