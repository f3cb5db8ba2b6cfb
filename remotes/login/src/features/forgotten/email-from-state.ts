/** An email another screen handed over in the navigation's state (`{ email }`), or ''. */
export const emailFromState = (state: unknown): string => {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
};
