/** Active state shared by many entities (SPEC 4). */
export const ENTITY_ACTIVE_STATES = ['active', 'not_active', 'disabled'] as const;
export type EntityActiveState = (typeof ENTITY_ACTIVE_STATES)[number];
