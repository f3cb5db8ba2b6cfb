import { ApiError, getAccessCodeSchool, logInWithCode } from '@entry/api';

/** Why a code did not sign the visitor in, when it is the code's fault (else the error is thrown on). */
export type CodeRefusal = 'unknown' | 'refused';

export class CodeRefusedError extends Error {
  override name = 'CodeRefusedError';
  readonly refusal: CodeRefusal;
  constructor(refusal: CodeRefusal, cause: unknown) {
    super(`The access code was ${refusal === 'unknown' ? 'not found' : 'refused'}`, { cause });
    this.refusal = refusal;
  }
}

/**
 * Signs in with an access code alone: its school is looked up first, as the code login needs it. A
 * code that does not exist (any more: used, or expired) or that the login refuses becomes a
 * CodeRefusedError, which the screen explains in words; anything else (too many tries, the captcha,
 * the network) is thrown as it came.
 */
export const logInWithAccessCode = async (accessCode: string, captcha?: string): Promise<void> => {
  const code = accessCode.trim().toUpperCase();
  const { id_school_customer } = await getAccessCodeSchool(code).catch((error: unknown) => {
    throw error instanceof ApiError && error.status === 404 ? new CodeRefusedError('unknown', error) : error;
  });
  await logInWithCode({ access_code: code, id_school_customer, captcha }).catch((error: unknown) => {
    const refused = error instanceof ApiError && error.status === 400 && !error.message.startsWith('recaptcha') && error.message !== 'Missing params';
    throw refused ? new CodeRefusedError('refused', error) : error;
  });
};
