import { describeErrorScreens } from './support/error-screens.ts';

/** Issue 24, points 8 and 9: missing pages answer 404 with the not-found screen; a broken link says so in the site's words. */
describeErrorScreens('atom');
