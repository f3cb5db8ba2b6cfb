/**
 * Narrows an unknown value (a server field, a URL parameter) to a member of one of the `as const`
 * value lists of this package, so each list needs no guard of its own.
 */
export const isOneOf = <const Values extends readonly unknown[]>(
  values: Values,
  value: unknown,
): value is Values[number] => values.includes(value);
