import { addTranslations } from '@entry/i18n';
import type { RemoteScreens } from '@entry/routes';
import { probeSingletons } from '@entry/singleton-probe';
import { PendingScreen } from '@entry/ui';
import { registrationTexts } from './locales/en-gb.ts';

addTranslations('registration', registrationTexts);
probeSingletons('registration');

type ScreenId = keyof RemoteScreens<'registration'>['screens'];
const pending = (screen: ScreenId) => () => <PendingScreen namespace="registration" screen={screen} />;

/** Every route the registration remote owns; each is built in its own issue (README, "Pending screens"). */
export const screens: RemoteScreens<'registration'>['screens'] = {
  register: pending('register'),
  registerParent: pending('registerParent'),
  registerTutor: pending('registerTutor'),
  invitation: pending('invitation'),
};
