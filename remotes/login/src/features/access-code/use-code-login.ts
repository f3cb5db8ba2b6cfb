import { forgetCurrentUser, getAccessCodeSchool, logInWithCode } from '@entry/api';
import { useAuthStore } from '@entry/auth';

/** Signs in with an access code alone: its school is looked up first, as the code login needs it. */
export const useCodeLogin = () => {
  const setSession = useAuthStore((state) => state.setSession);
  return async (accessCode: string, captcha?: string) => {
    const code = accessCode.trim().toUpperCase();
    const { id_school_customer } = await getAccessCodeSchool(code);
    const user = await logInWithCode({ access_code: code, id_school_customer, captcha });
    forgetCurrentUser();
    setSession(user);
  };
};
