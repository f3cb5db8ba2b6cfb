/** The server's rule (SPEC section 5 leaves strength to the server): at least 8 characters, no upper limit below 1 KiB. */
export const MIN_PASSWORD_LENGTH = 8;
