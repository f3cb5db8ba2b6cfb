import { useEffect, useState } from 'react';
import { getVisitor } from '../features/consent/get-visitor.ts';

/**
 * Where the visitor's country comes from: the server that composed the page read it from the edge
 * (`known`); a page the server did not compose for this visitor asks it once it runs (`lookUp`).
 */
export type VisitorCountrySource = { known: string | null; lookUp: boolean };

/** The visitor's country for the screens (sign-up preselects it); null while unknown. */
export const useVisitorCountry = ({ known, lookUp }: VisitorCountrySource): string | null => {
  const [country, setCountry] = useState(known);
  useEffect(() => {
    if (lookUp) void getVisitor().then((visitor) => setCountry(visitor.country));
  }, [lookUp]);
  return country;
};
