import { describeMoney } from '../support/money.ts';

/** Issue 24, points 1 to 3, in the quest brand: a US visitor pays in dollars, a UK visitor in pounds. */
describeMoney();
