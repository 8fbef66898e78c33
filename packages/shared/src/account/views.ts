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

/** A customer as the admin list shows them: the account plus what they bought. */
export const adminUserView = z.extend(userView, {
  /** Every order they placed, whatever its status. */
  orderCount: z.number(),
  /** Rupees of their paid orders (placed, confirmed, shipped or delivered). */
  totalSpent: z.number(),
  /** When they last ordered (ISO date-time), or null. */
  lastOrderDate: z.nullable(z.string()),
});
export type AdminUserView = z.infer<typeof adminUserView>;

export const userRemoval = z.object({ message: z.string() });
