export { CaptchaField } from './captcha-field.tsx';
export { useCaptchaRequirement, type CaptchaRequirement } from './use-captcha-requirement.ts';
export { isWeakPassword, usePasswordStrength } from './use-password-strength.ts';
export { handOffGoogleSignIn, handOffSignedIn, signedInHref } from './signed-in-hand-off.ts';
