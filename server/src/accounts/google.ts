/**
 * Google sign-in, authorization-code flow: the browser gets a one-time code from Google and the
 * server exchanges it, with the client secret, at the token endpoint. The endpoint is configurable,
 * so tests run against a local fake provider.
 */
export type GoogleConfig = { clientId?: string; clientSecret?: string; tokenUrl: string };

export type GoogleResult =
  | { kind: 'email'; email: string }
  | { kind: 'refused'; message: string }
  | { kind: 'unavailable'; message: string };

const decodePayload = (jwt: string): Record<string, unknown> | null => {
  try {
    const payload = jwt.split('.')[1];
    return payload ? (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

export const createGoogleSignIn = ({ clientId, clientSecret, tokenUrl }: GoogleConfig) => ({
  emailFromCode: async (code: string): Promise<GoogleResult> => {
    if (!clientId || !clientSecret) return { kind: 'unavailable', message: 'Google sign-in is not configured' };
    const response = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      // 'postmessage' is the redirect URI of the popup code flow used by the sign-in button.
      body: new URLSearchParams({ code, client_id: clientId, client_secret: clientSecret, redirect_uri: 'postmessage', grant_type: 'authorization_code' }),
      signal: AbortSignal.timeout(10_000),
    }).catch(() => null);
    if (!response) return { kind: 'unavailable', message: 'Gateway timeout' };
    if (!response.ok) return { kind: 'refused', message: 'Google did not accept the sign-in. Please try again.' };
    const { id_token } = (await response.json().catch(() => ({}))) as { id_token?: string };
    // The token came straight from the token endpoint over TLS, so its claims are Google's own.
    const claims = id_token ? decodePayload(id_token) : null;
    if (!claims || claims.aud !== clientId || claims.email_verified !== true || typeof claims.email !== 'string') {
      return { kind: 'refused', message: 'Google did not accept the sign-in. Please try again.' };
    }
    return { kind: 'email', email: claims.email };
  },
});

export type GoogleSignIn = ReturnType<typeof createGoogleSignIn>;
