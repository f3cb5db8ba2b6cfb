import { addTranslations } from '@entry/i18n';
import type { RemoteScreens } from '@entry/routes';
import { probeSingletons } from '@entry/singleton-probe';
import { AccessCodeScreen } from './features/access-code/access-code-screen.tsx';
import { ForgottenScreen } from './features/forgotten/forgotten-screen.tsx';
import { LoginScreen } from './features/login/login-screen.tsx';
import { ResetScreen } from './features/reset/reset-screen.tsx';
import { loginTexts } from './locales/en-gb.ts';

addTranslations('login', loginTexts);
probeSingletons('login');

/** Every route the login remote owns (SPEC section 2; `/` is the shell's home, ADR 022). */
export const screens: RemoteScreens<'login'>['screens'] = {
  login: LoginScreen,
  forgotten: ForgottenScreen,
  resetStaff: () => <ResetScreen staff />,
  reset: ResetScreen,
  magic: () => <AccessCodeScreen mode="magic" />,
  report: () => <AccessCodeScreen mode="report" />,
};
