import { addTranslations } from '@entry/i18n';
import type { RemoteScreens } from '@entry/routes';
import { probeSingletons } from '@entry/singleton-probe';
import { TasterLandingScreen, tasterLandingQuery } from './features/landing/taster-landing-screen.tsx';
import { SelectionScreen, tasterGroupQuery } from './features/selection/selection-screen.tsx';
import { TestScreen } from './features/test/test-screen.tsx';
import './components/taster.css';
import { tasterTexts } from './locales/en-gb.ts';
import '@entry/exam-kit/styles.css';

addTranslations('taster', tasterTexts);
probeSingletons('taster');

/** Every route the taster remote owns (SPEC section 2). */
export const screens: RemoteScreens<'taster'>['screens'] = {
  tasterRoot: TasterLandingScreen,
  tasterSelection: SelectionScreen,
  tasterTest: TestScreen,
};

/** What the server fetches before it renders a route's screen (the test itself stays in the browser). */
export const prefetch: RemoteScreens<'taster'>['prefetch'] = {
  tasterRoot: ({ params, queries }) => queries.prefetchQuery(tasterLandingQuery(params.school_exam_slug ?? '')),
  tasterSelection: ({ params, queries }) => queries.prefetchQuery(tasterGroupQuery(params.school_exam_slug ?? '', params.id_exam_group ?? '')),
};
