import { addTranslations } from '@entry/i18n';
import type { RemoteScreens } from '@entry/routes';
import { probeSingletons } from '@entry/singleton-probe';
import { SchoolLandingScreen, schoolExamQuery } from './features/landing/school-landing-screen.tsx';
import { AssessmentScreen, examQuery } from './features/portal/assessment-screen.tsx';
import { assessmentsTexts } from './locales/en-gb.ts';
import '@entry/exam-kit/styles.css';

addTranslations('assessments', assessmentsTexts);
probeSingletons('assessments');

/** Every route the assessments remote owns (SPEC section 2). */
export const screens: RemoteScreens<'assessments'>['screens'] = {
  assessments: AssessmentScreen,
  schoolLanding: SchoolLandingScreen,
};

/** What the server fetches before it renders a route's screen (a sitting is the applicant's, fetched in the browser). */
export const prefetch: RemoteScreens<'assessments'>['prefetch'] = {
  assessments: ({ params, queries }) => queries.prefetchQuery(examQuery(params.exam_slug ?? '')),
  schoolLanding: ({ params, queries }) => queries.prefetchQuery(schoolExamQuery(params.school_exam_slug ?? '')),
};
