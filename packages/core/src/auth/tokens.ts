import { errors, jwtVerify, SignJWT } from 'jose';
import { unauthorized } from '../common';

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

/**
 * A token that is good for one place only (its JWT audience) and for a short while: the queue
 * board's cookie carries one, so the API token (7 days, every admin use case) never sits in a
 * cookie. API tokens carry no audience, and a scoped token is refused as an API token.
 */
export interface TokenScope {
  audience: string;
  /** jose duration, e.g. "15m" */
  expiresIn: string;
}

export async function signToken(
  settings: TokenSettings,
  user: AuthUser & { email: string; token_version?: number },
  scope?: TokenScope,
): Promise<string> {
  // tv: the account's token version when signed; a reset, change or logout-all bumps it.
  const jwt = new SignJWT({ role: user.role, email: user.email, tv: user.token_version ?? 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime(scope?.expiresIn ?? settings.expiresIn);
  if (scope) jwt.setAudience(scope.audience);
  return jwt.sign(key(settings.secret));
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
  audience?: string,
): Promise<AuthUser & { tokenVersion: number; expiresAt: number }> {
  try {
    const { payload } = await jwtVerify(token, key(settings.secret), {
      algorithms: ['HS256'],
      ...(audience ? { audience } : {}),
    });
    const role = payload.role;
    if (typeof payload.sub !== 'string' || (role !== 'CUSTOMER' && role !== 'ADMIN'))
      throw unauthorized('Invalid token');
    // An API token has no audience: a token scoped to one place is good there only.
    if (!audience && payload.aud !== undefined) throw unauthorized('Invalid token');
    const tv = typeof payload.tv === 'number' ? payload.tv : 0;
    return { id: payload.sub, role, tokenVersion: tv, expiresAt: (payload.exp ?? 0) * 1000 };
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
