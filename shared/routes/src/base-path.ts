/**
 * Every public page lives under this path (SPEC section 2). A module of its own so that the release
 * tooling reads it without loading React Router, most of a release command's start (issue 22).
 */
export const BASE_PATH = '/public';
