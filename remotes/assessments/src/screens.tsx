import { addTranslations } from '@entry/i18n';
import type { RemoteScreens } from '@entry/routes';
import { probeSingletons } from '@entry/singleton-probe';
import { PendingScreen } from '@entry/ui';
import { assessmentsTexts } from './locales/en-gb.ts';

addTranslations('assessments', assessmentsTexts);
probeSingletons('assessments');

type ScreenId = keyof RemoteScreens<'assessments'>['screens'];
const pending = (screen: ScreenId) => () => <PendingScreen namespace="assessments" screen={screen} />;

/** Every route the assessments remote owns; each is built in its own issue (README, "Pending screens"). */
export const screens: RemoteScreens<'assessments'>['screens'] = {
  assessments: pending('assessments'),
  schoolLanding: pending('schoolLanding'),
};
