import { tracked } from '@trpc/server';
import * as z from 'zod/mini';
import {
  currentTokenVersion,
  isAdmin,
  issueEventTicket,
  redeemEventTicket,
  unauthorized,
  type AuthUser,
} from '@kanak/core';
import { textField, type OrderEvent } from '@kanak/shared';
import { requestUser, resolveCall } from '../api/caller';
import type { Context } from '../trpc/context';
import { publicProcedure, router } from '../trpc/trpc';

/** The watcher: a ticket from `live.ticket` (a browser's EventSource) or the Authorization header. */
async function watcher(ctx: Context): Promise<AuthUser & { tokenVersion?: number }> {
  const ticket = ctx.connectionParams?.ticket;
  const { requestRedis, config } = ctx.services;
  const user =
    typeof ticket === 'string'
      ? await redeemEventTicket({
          redis: requestRedis,
          db: ctx.services.db,
          prefix: config.QUEUE_PREFIX,
          ticket,
        })
      : await requestUser(ctx.services, ctx.req);
  if (!user) throw unauthorized('Sign in again to follow your orders');
  return user;
}

/**
 * What a watcher may hear: an admin every event; a shopper the moves and payment results of their
 * own orders, without who moved them (a refused move is for the admin who asked).
 */
function audienceOf(user: AuthUser) {
  if (isAdmin(user)) return { allows: () => true, shown: (event: OrderEvent) => event };
  return {
    allows: (event: OrderEvent) => event.userId === user.id && event.kind !== 'refused',
    shown: (event: OrderEvent): OrderEvent =>
      event.kind === 'moved' ? { ...event, actorUserId: null } : event,
  };
}

/**
 * Live order events over Server-Sent Events: `live.ticket` trades the caller's token for a
 * one-connection ticket, and `live.orders` streams the events the caller may see (an admin all,
 * a shopper their own). A reconnecting EventSource sends the last id it saw and is sent what it
 * missed first.
 */
export const liveRouter = router({
  ticket: publicProcedure.mutation(async ({ ctx }) => {
    const { user, services } = await resolveCall(ctx.services, ctx.req, 'customer');
    return issueEventTicket({
      redis: services.requestRedis,
      prefix: services.config.QUEUE_PREFIX,
      user,
      tokenVersion: await currentTokenVersion(services.db, user.id),
    });
  }),
  orders: publicProcedure
    // Checked before the stream opens (a middleware, not the generator), so a refusal is an
    // UNAUTHORIZED error event, not a fault; SSE answers carry their errors as events.
    .use(async ({ ctx, next }) => next({ ctx: { user: await watcher(ctx) } }))
    .input(z.optional(z.object({ lastEventId: z.nullish(textField().check(z.maxLength(100))) })))
    .subscription(async function* ({ ctx, input, signal }) {
      const audience = audienceOf(ctx.user);
      // Ends the stream once the account's sessions were ended (reset, change, logout-all,
      // demotion, removal): looked at every SESSION_RECHECK_MS.
      const ended = new AbortController();
      signal?.addEventListener('abort', () => ended.abort(), { once: true });
      const db = ctx.services.db;
      // The version the ticket was checked against (a header token's is read now).
      const version = ctx.user.tokenVersion ?? (await currentTokenVersion(db, ctx.user.id));
      const recheck = setInterval(() => {
        void currentTokenVersion(db, ctx.user.id).then(
          (now) => {
            if (now !== version) ended.abort();
          },
          () => undefined,
        );
      }, ctx.services.config.SESSION_RECHECK_MS);
      ended.signal.addEventListener('abort', () => clearInterval(recheck), { once: true });
      const events = ctx.services.orderEvents.watch({
        signal: ended.signal,
        lastEventId: input?.lastEventId,
        allows: audience.allows,
      });
      try {
        for await (const { id, event } of events) yield tracked(id, audience.shown(event));
      } finally {
        clearInterval(recheck);
      }
    }),
});
