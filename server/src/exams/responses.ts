import type { SchoolRow } from './content-queries.ts';

export const NOT_FOUND = 'Resource not found';

/** A positive whole number from a path segment, or null (which the routes answer with 404). */
export const idParam = (value: string): number | null => (/^[1-9]\d{0,8}$/.test(value) ? Number(value) : null);

/** A school as the pages see it. */
export const toPublicSchool = ({ id_school_customer, name, brand, taster_slug }: SchoolRow) => ({
  id_school_customer,
  name,
  brand,
  taster_slug,
});
