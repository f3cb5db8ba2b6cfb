import { describeMoney } from './support/money.ts';

/** Issue 24, points 1 to 3: country, price, the parent's name and the terms. */
describeMoney();
