import { errors, jwtVerify, SignJWT } from 'jose';
import { unauthorized } from '../common/errors';

export type Role = 'CUSTOMER' | 'ADMIN';

export interface TokenSettings {
  secret: string;
  /** jose duration, e.g. "7d" */
  expiresIn: string;
}

export interface AuthUser {
  id: string;
  role: Role;
}

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signToken(
  settings: TokenSettings,
  user: AuthUser & { email: string; token_version?: number },
): Promise<string> {
  // tv: the account's token version when signed; a reset, change or logout-all bumps it.
  return new SignJWT({ role: user.role, email: user.email, tv: user.token_version ?? 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime(settings.expiresIn)
    .sign(key(settings.secret));
}

/** Verifies signature and expiry; any failure is a 401. */
export async function verifyToken(settings: TokenSettings, token: string): Promise<AuthUser> {
  const { id, role } = await verifyTokenClaims(settings, token);
  return { id, role };
}

/** The claims with the token version (tokens signed before versions existed carry 0). */
export async function verifyTokenClaims(
  settings: TokenSettings,
  token: string,
): Promise<AuthUser & { tokenVersion: number }> {
  try {
    const { payload } = await jwtVerify(token, key(settings.secret), { algorithms: ['HS256'] });
    const role = payload.role;
    if (typeof payload.sub !== 'string' || (role !== 'CUSTOMER' && role !== 'ADMIN'))
      throw unauthorized('Invalid token');
    const tv = typeof payload.tv === 'number' ? payload.tv : 0;
    return { id: payload.sub, role, tokenVersion: tv };
  } catch (error) {
    if (error instanceof errors.JWTExpired)
      throw unauthorized('Your session has expired. Please log in again.');
    throw unauthorized('Invalid or expired token. Please log in again.');
  }
}

/** "Bearer <jwt>" → jwt; "Bearer null", "Bearer undefined" and empty mean no token (design.md). */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  const token = match?.[1]?.trim();
  if (!token || token === 'null' || token === 'undefined') return null;
  return token;
}
