import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createSandboxProvider, findInstalmentLink, findPaymentLink } from '@kanak/core';
import { formatRupees } from '@kanak/shared';
import { escapeMarkup as escape } from '../http/markup';
import { cspHeader } from '../http/security-headers';
import { isAllowedOrigin, requestOrigins } from './origins';
import type { AppServices } from '../services';

const STYLE = `
  :root { --maroon: #7a1f2b; --gold: #b8892f; --ivory: #fbf7ef; --ink: #2b2220; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--ivory);
         font-family: Inter, system-ui, -apple-system, 'Segoe UI', sans-serif; color: var(--ink); }
  .card { width: min(420px, 92vw); background: #fff; border: 1px solid #eadfca; border-radius: 16px;
          box-shadow: 0 18px 40px rgba(122, 31, 43, .10); padding: 32px; text-align: center; }
  .brand { font-family: 'Cormorant Garamond', Georgia, serif; font-size: 28px; color: var(--maroon); margin: 0; letter-spacing: .5px; }
  .tag { display: inline-block; margin-top: 6px; font-size: 11px; letter-spacing: .14em; text-transform: uppercase;
         color: var(--gold); border: 1px solid var(--gold); border-radius: 999px; padding: 2px 10px; }
  .label { margin-top: 28px; font-size: 13px; color: #7d6f66; }
  .amount { font-size: 40px; font-weight: 600; margin: 4px 0 6px; }
  .meta { font-size: 13px; color: #7d6f66; margin-bottom: 28px; }
  .actions { display: grid; gap: 12px; }
  .btn { display: block; padding: 14px; border-radius: 10px; font-weight: 600; text-decoration: none; font-size: 15px; }
  .pay { background: var(--maroon); color: #fff; }
  .pay:hover { background: #5f1721; }
  .fail { background: #fff; color: var(--maroon); border: 1px solid var(--maroon); }
  .note { margin-top: 22px; font-size: 12px; color: #9a8c82; }
`;

/**
 * The page has no script and one fixed <style>: it is allowed by its hash and nothing else loads.
 * Its links lead back to the shop, a navigation that CSP does not restrict.
 */
export const SANDBOX_PAGE_CSP = cspHeader({
  'default-src': ["'none'"],
  'style-src': [`'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`],
  'img-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
});

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>${STYLE}</style></head>
<body><main class="card">${body}</main></body></html>`;
}

/** What the page shows: an order's link, or an instalment's with its own return path. */
interface HostedLink {
  order_id: string;
  amount: number;
  status: string;
  provider: string;
  expires_at: Date | null;
  order_status: string;
  total_item: number;
  returnPath?: string;
  caption?: string;
}

/** The sandbox provider's hosted payment page: shows the amount, Pay or Fail, back to the shop. */
export function registerSandboxPageRest(app: FastifyInstance, services: AppServices) {
  const provider = services.paymentProviders.list.some((p) => p.name === 'sandbox')
    ? createSandboxProvider(services.config.PAYMENT_SANDBOX_SECRET)
    : null;
  /** An instalment's link, shown as the page shows an order's (its return path its own). */
  const schemeLink = async (linkId: string): Promise<HostedLink | undefined> => {
    const found = await findInstalmentLink(services.db, linkId);
    if (!found) return undefined;
    return {
      order_id: found.enrolment_id,
      amount: found.amount,
      status: found.status,
      provider: found.provider,
      expires_at: found.expires_at,
      order_status: found.state === 'PENDING' || found.state === 'ACTIVE' ? 'PENDING' : found.state,
      total_item: 1,
      returnPath: `/account/schemes/${found.enrolment_id}`,
      caption: `${found.plan_name} · instalment ${found.n}`,
    };
  };
  app.get<{ Params: { linkId: string }; Querystring: { callback?: string } }>(
    '/sandbox-pay/:linkId',
    async (request, reply) => {
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', SANDBOX_PAGE_CSP);
      const linkId = request.params.linkId;
      const valid = provider !== null && /^plink_sbx_[A-Za-z0-9]{16}$/.test(linkId);
      const link: HostedLink | undefined =
        (valid ? await findPaymentLink(services.db, linkId) : undefined) ??
        (valid ? await schemeLink(linkId) : undefined);
      if (!provider || !link || link.provider !== 'sandbox') {
        return reply
          .status(404)
          .send(
            page(
              'Payment link not found',
              `<h1 class="brand">Kanak Jewellers</h1><p class="meta">This payment link does not exist.</p>`,
            ),
          );
      }
      const origins = requestOrigins(services.config, request);
      const returnPath = link.returnPath ?? `/payment/${link.order_id}`;
      // Like Razorpay's callback_url, but only back to an origin we serve (no open redirect).
      let back = `${origins.web}${returnPath}`;
      const callback = request.query.callback;
      if (callback) {
        try {
          const url = new URL(callback);
          if (
            isAllowedOrigin(services.config, origins.server, url.origin) &&
            url.pathname === returnPath
          )
            back = url.toString();
        } catch {
          // ignore a malformed callback: use the default
        }
      }
      const hrefFor = (outcome: 'paid' | 'failed') =>
        `${back}?${provider.returnQuery({ orderId: link.order_id, linkId, outcome })}`;
      const expired =
        link.status === 'EXPIRED' ||
        (link.expires_at !== null && new Date(link.expires_at).getTime() <= Date.now());
      const open = link.status === 'CREATED' && !expired && link.order_status === 'PENDING';
      const closedText =
        link.order_status !== 'PENDING'
          ? `This order is no longer waiting for payment (${escape(link.order_status)}).`
          : link.status === 'CANCELLED'
            ? 'This payment link was cancelled by the shop.'
            : expired
              ? 'This payment link has expired. Open your order in the shop to pay with a new link.'
              : 'This payment link no longer takes payments.';
      const body = `
      <h1 class="brand">Kanak Jewellers</h1>
      <span class="tag">Sandbox payment</span>
      <div class="label">Amount to pay</div>
      <div class="amount">${escape(formatRupees(link.amount))}</div>
      <div class="meta">${escape(link.caption ?? `Order ${link.order_id.slice(0, 8).toUpperCase()} · ${link.total_item} item${link.total_item === 1 ? '' : 's'}`)}</div>
      ${
        open
          ? `<div class="actions">
        <a class="btn pay" id="pay" href="${escape(hrefFor('paid'))}">Pay ${escape(formatRupees(link.amount))}</a>
        <a class="btn fail" id="fail" href="${escape(hrefFor('failed'))}">Fail payment</a>
      </div>`
          : `<p class="meta">${closedText}</p>
      <div class="actions"><a class="btn fail" href="${escape(back)}">Back to the shop</a></div>`
      }
      <p class="note">No money moves: this page stands in for a real payment provider.</p>`;
      return page(`Pay ${formatRupees(link.amount)} · Kanak Jewellers`, body);
    },
  );
}
