import { describeErrorScreens } from '../support/error-screens.ts';

/** Issue 24, points 8 and 9, in the quest brand (its not-found screen offers no sign-up). */
describeErrorScreens('quest');
