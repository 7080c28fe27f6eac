import { OAuth2Client } from 'google-auth-library';

export type GoogleIdentity = { sub: string; email: string; emailVerified: boolean; name: string };
/** Verifies a Google ID token and returns who it names; throws when it is not valid. */
export type GoogleVerifier = (idToken: string) => Promise<GoogleIdentity>;

const ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/**
 * google-auth-library checks signature (RS256 against Google's certificates), audience, issuer and
 * expiry. `getCerts` exists for tests, which sign tokens with their own key and hand in its
 * public key as the certificate.
 */
export function makeGoogleVerifier(
  clientId: string,
  getCerts?: () => Promise<Record<string, string>>,
): GoogleVerifier {
  const client = new OAuth2Client({ clientId });
  return async (idToken) => {
    const certs = getCerts ? await getCerts() : (await client.getFederatedSignonCertsAsync()).certs;
    const ticket = await client.verifySignedJwtWithCertsAsync(idToken, certs, clientId, ISSUERS);
    const p = ticket.getPayload();
    if (!p?.sub || !p.email) throw new Error('Google token has no subject or e-mail');
    return {
      sub: p.sub,
      email: p.email.toLowerCase(),
      emailVerified: p.email_verified === true,
      name: p.name || p.email.split('@')[0],
    };
  };
}
