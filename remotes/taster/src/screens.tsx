import { addTranslations } from '@entry/i18n';
import type { RemoteScreens } from '@entry/routes';
import { probeSingletons } from '@entry/singleton-probe';
import { TasterLandingScreen } from './features/landing/taster-landing-screen.tsx';
import { SelectionScreen } from './features/selection/selection-screen.tsx';
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
