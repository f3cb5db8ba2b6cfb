import type { Migration } from '../db/migrations.ts';

/** The exams service's tables (append-only, ids from the range this module owns). */
export const examsMigrations: Migration[] = [];
