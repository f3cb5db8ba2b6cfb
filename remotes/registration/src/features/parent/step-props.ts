import type { CountryRules } from '../../lib/country.ts';

/** What the parent sign-up gives each of its steps. */
export type StepProps = {
  rules: CountryRules;
  /** The step's title, which also names its form. */
  title: string;
  /** The previous step's search string, or null on the first. */
  back: string | null;
  /** Moves on once the step's values are good. */
  onDone: () => void;
};
