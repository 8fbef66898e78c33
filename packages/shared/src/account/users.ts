import * as z from 'zod/mini';

export const userIdInput = z.object({
  userId: z.string('User id is required').check(z.maxLength(100, 'User id is not valid')),
});
