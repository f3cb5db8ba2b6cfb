export { CaptchaField } from './captcha-field.tsx';
export { safeDecodedRedirect, safeRedirect } from './safe-redirect.ts';
export { serverMessageKey } from './server-message.ts';
export { useCaptchaRequirement, type CaptchaRequirement } from './use-captcha-requirement.ts';
export { isWeakPassword, usePasswordStrength } from './use-password-strength.ts';
