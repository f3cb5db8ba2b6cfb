import { describeSmallThingsOnPhones } from './support/small-things.ts';

/** Issue 24, points 7, 11 and 15's small ones on phones. */
describeSmallThingsOnPhones();
