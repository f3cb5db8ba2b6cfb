import { describePhoneLayouts } from '../support/layout.ts';

/** Issue 16, in the quest brand: every route fits a phone, signed out and signed in. */
describePhoneLayouts();
