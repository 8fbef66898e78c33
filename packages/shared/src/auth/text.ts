import * as z from 'zod/mini';

/** PostgreSQL text cannot hold NUL characters, so free-text inputs drop them instead of failing later. */
export const dropNul = z.overwrite((value: string) => value.replaceAll('\u0000', ''));
