import { addTranslations } from '@entry/i18n';
import type { RemoteScreens } from '@entry/routes';
import { probeSingletons } from '@entry/singleton-probe';
import { PendingScreen } from '@entry/ui';
import { loginTexts } from './locales/en-gb.ts';

addTranslations('login', loginTexts);
probeSingletons('login');

type ScreenId = keyof RemoteScreens<'login'>['screens'];
const pending = (screen: ScreenId) => () => <PendingScreen namespace="login" screen={screen} />;

/** Every route the login remote owns; each is built in its own issue (README, "Pending screens"). */
export const screens: RemoteScreens<'login'>['screens'] = {
  home: pending('home'),
  login: pending('login'),
  forgotten: pending('forgotten'),
  resetStaff: pending('resetStaff'),
  reset: pending('reset'),
  magic: pending('magic'),
  report: pending('report'),
};
