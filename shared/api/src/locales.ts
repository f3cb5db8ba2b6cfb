import { addTranslations } from '@entry/i18n';

/** What a visitor reads for a failed call (namespace "api"; see user-messages.ts): what happened and what to do. */
export const apiTexts = {
  missingParams: 'Fill in every field marked with an asterisk (*).',
  missingToken: 'This link is not complete. Open it again from the email, or copy the whole link into the address bar.',
  noMatch: 'The email address or username and the password do not match. Check them and try again.',
  signInAgain: 'Please log in again to carry on.',
  weakPassword: 'Choose a stronger password: a longer one, or a few unrelated words together.',
  badCode: 'This access code is not right or has expired. Check it, or ask for a new one.',
  badLink: 'This link has expired or has already been used. Ask for a new one.',
  termsChanged: 'Our terms have changed since you opened this page. Reload the page, read them, then try again.',
  resetSent: 'If an account exists for this email address, we have sent it a link to choose a new password.',
  captchaUnavailable: 'The “I’m not a robot” check is not working just now. Please try again in a few minutes.',
  captchaMissing: 'Please check the "I\'m not a robot" tickbox',
  captchaExpired: 'There was an error with the "I\'m not a robot" tickbox. Please try again.',
  captchaFailed: 'The “I’m not a robot” check did not succeed. Tick the box again.',
  googleUnavailable: 'Signing in with Google is not available just now. Log in with your email address or username instead.',
  signUpFirst: 'There is no account for this Google address yet. Sign up first.',
  googleRefused: 'Google did not confirm your sign-in. Please try again.',
  tooMany: 'You have tried too many times. Wait a few minutes, then try again.',
  emailTaken: 'An account already uses this email address.',
  duplicate: 'Someone has just taken this username. Choose another.',
  notStudent: 'Only a student can accept a tutor’s invitation. Log in with the student’s account, then open the invitation again.',
  busy: 'We cannot check passwords just now. Please try again in a moment.',
  badRequest: 'Something you entered was not accepted. Check it and try again.',
  forbidden: 'Your account cannot do this. Log in with another account, or ask the person who sent you here.',
  notFound: 'We could not find what you asked for. It may have been taken down.',
  technical: 'Something went wrong on our side. Please try again in a moment.',
  timeout: 'This took too long. Please try again.',
  noResults: 'Nothing was found.',
  payment: 'We could not reach the payment service. Nothing has been charged; please try again.',
  tooLarge: 'What you sent is too long. Shorten it and try again.',
  conflict: 'This changed while you were on the page. Reload the page and try again.',
  notTakingAnswers: 'This assessment is not taking answers just now. Your answers are kept on this device; wait for your invigilator.',
  network: 'We could not reach the server. Nothing you typed is lost: check your connection and try again.',
} as const;

addTranslations('api', apiTexts);
