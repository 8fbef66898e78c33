import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@kanak/server';

// Admin screens read the server's own output types: nothing is re-declared here.
type Outputs = inferRouterOutputs<AppRouter>;

export type AdminProduct = Outputs['catalog']['adminList']['content'][number];
export type AdminOrder = Outputs['orders']['adminList']['content'][number];
export type AdminUser = Outputs['users']['list'][number];
export type Dashboard = Outputs['orders']['dashboard'];
export type AdminOrderDetail = Outputs['orders']['adminDetail'];
