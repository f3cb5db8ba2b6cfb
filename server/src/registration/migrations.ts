import type { Migration } from '../db/migrations.ts';

/** The registration service's tables (append-only, ids from the range this module owns). */
export const registrationMigrations: Migration[] = [];
