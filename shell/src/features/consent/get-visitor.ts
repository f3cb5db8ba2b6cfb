import { http, SERVICES } from '@entry/api';

/** What the edge told the reference server about the visitor (server/src/routes/visitor.ts). */
export type Visitor = { country: string | null; eu: boolean | null };

/** GET /app-metadata/visitor; a failed lookup is an unknown country, which is asked like the EU. */
export const getVisitor = async (): Promise<Visitor> => {
  try {
    return await http.get(`${SERVICES.appMetadata}/visitor`).json<Visitor>();
  } catch {
    return { country: null, eu: null };
  }
};
