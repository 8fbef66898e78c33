import * as z from 'zod/mini';

/** What sign-up and login answer (design.md: `{ jwt, message }`). */
export const authAnswer = z.object({ jwt: z.string(), message: z.string() });
export type AuthAnswer = z.infer<typeof authAnswer>;
