export const REWARD_CURRENCIES = ['coin', 'gem'] as const;
export type RewardCurrency = (typeof REWARD_CURRENCIES)[number];

/* The spec names the shop categories and treasure triggers only in words; they are kept as written. */

export const REWARD_SHOP_CATEGORIES = ['face wear', 'head wear', 'body wear', 'foot wear', 'theme'] as const;
export type RewardShopCategory = (typeof REWARD_SHOP_CATEGORIES)[number];

export const TREASURE_TRANSACTION_TRIGGERS = [
  'view introduction modal',
  'reach subject weekly target',
  'correct response',
  'purchased item',
  'gifted item',
] as const;
export type TreasureTransactionTrigger = (typeof TREASURE_TRANSACTION_TRIGGERS)[number];
