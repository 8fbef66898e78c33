import * as z from 'zod/mini';
import { textField } from '../validation/db-values';

export const userIdInput = z.object({
  userId: textField('User id is required').check(z.maxLength(100, 'User id is not valid')),
});
