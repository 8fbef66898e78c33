import * as z from 'zod/mini';

export const addressView = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  streetAddress: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  mobile: z.string(),
});
export type AddressView = z.infer<typeof addressView>;

/** A user as clients read it; addresses travel under `address` (design.md contracts). */
export const userView = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(['CUSTOMER', 'ADMIN']),
  mobile: z.nullable(z.string()),
  address: z.array(addressView),
  createdAt: z.string(),
});
export type UserView = z.infer<typeof userView>;

export const userRemoval = z.object({ message: z.string() });
