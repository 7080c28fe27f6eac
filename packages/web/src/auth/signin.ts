import { fetchProfile } from '../api/auth.ts';
import { cacheProfile, storeToken } from './token.ts';

/** After a successful login: keep the token, fetch and cache the profile (spec section 4). */
export async function completeSignIn(accessToken: string): Promise<void> {
  storeToken(accessToken);
  try {
    cacheProfile(await fetchProfile());
  } catch {
    // The token's claims already carry the name; the cached profile is a convenience.
  }
}
