import { describeWordsOnPhones } from './support/words.ts';

/** Issue 24, points 7, 10, 11 and 14 on phones. */
describeWordsOnPhones();
