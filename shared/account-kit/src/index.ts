export { CaptchaField } from './captcha-field.tsx';
export { useCaptchaRequirement, type CaptchaRequirement } from './use-captcha-requirement.ts';
export { isWeakPassword, usePasswordStrength } from './use-password-strength.ts';
export { NewPasswordField } from './new-password-field.tsx';
export { PasswordInput, type PasswordInputProps } from './password-input.tsx';
export { MIN_PASSWORD_LENGTH, passwordVerdict, type PasswordVerdict } from './password-verdict.ts';
export { handOffGoogleSignIn, handOffSignedIn, signedInHref } from './signed-in-hand-off.ts';
