/**
 * Experiment and feature-toggle names (SPEC 3). Their behaviour and flag-service keys are not in the
 * spec, so these are the spec's words, for reference rather than for flag look-ups.
 */
export const FEATURE_TOGGLES = ['school pupil report', 'score boundary v2', 'quest purchase', 'omr'] as const;
export type FeatureToggle = (typeof FEATURE_TOGGLES)[number];
