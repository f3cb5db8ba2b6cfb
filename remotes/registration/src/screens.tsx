import { addTranslations, US_LOCALE } from '@entry/i18n';
import type { RemoteScreens } from '@entry/routes';
import { probeSingletons } from '@entry/singleton-probe';
import { RegisterScreen } from './features/choose/register-screen.tsx';
import { InvitationScreen } from './features/invitation/invitation-screen.tsx';
import { ParentScreen } from './features/parent/parent-screen.tsx';
import { TutorScreen } from './features/tutor/tutor-screen.tsx';
import { registrationTexts } from './locales/en-gb.ts';
import { registrationUsTexts } from './locales/en-us.ts';

addTranslations('registration', registrationTexts);
addTranslations('registration', registrationUsTexts, US_LOCALE);
probeSingletons('registration');

/** Every route the registration remote owns (SPEC section 2). */
export const screens: RemoteScreens<'registration'>['screens'] = {
  register: RegisterScreen,
  registerParent: ParentScreen,
  registerTutor: TutorScreen,
  invitation: InvitationScreen,
};
