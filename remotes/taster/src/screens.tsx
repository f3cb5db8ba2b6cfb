import { addTranslations } from '@entry/i18n';
import type { RemoteScreens } from '@entry/routes';
import { probeSingletons } from '@entry/singleton-probe';
import { PendingScreen } from '@entry/ui';
import { tasterTexts } from './locales/en-gb.ts';

addTranslations('taster', tasterTexts);
probeSingletons('taster');

type ScreenId = keyof RemoteScreens<'taster'>['screens'];
const pending = (screen: ScreenId) => () => <PendingScreen namespace="taster" screen={screen} />;

/** Every route the taster remote owns; each is built in its own issue (README, "Pending screens"). */
export const screens: RemoteScreens<'taster'>['screens'] = {
  tasterRoot: pending('tasterRoot'),
  tasterSelection: pending('tasterSelection'),
  tasterTest: pending('tasterTest'),
};
