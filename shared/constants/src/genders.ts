export const GENDERS = ['m', 'f', 'n'] as const;
export type Gender = (typeof GENDERS)[number];
