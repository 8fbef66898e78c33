import {
  SETTLEMENT_METHODS,
  type SettlementGroup,
  type SettlementMethod,
  type SettlementPayment,
} from '@kanak/shared';

const emptyGroup = (method: SettlementMethod, provider: string | null): SettlementGroup => ({
  method,
  provider,
  rows: 0,
  received: 0,
  refunded: 0,
  owed: 0,
  creditIssued: 0,
  short: 0,
  over: 0,
  net: 0,
});

/**
 * The settlement's totals per method and per provider, gathered row by row. Each row's part of
 * invoiced − credited is split by what paid it: its money (received − refunded − owed − store
 * credit issued instead of a refund, + a COD remittance's shortfall − its excess) to its
 * provider, online or COD; its scheme tender to
 * `scheme`; its store credit to `exchange_credit` (old gold's credit) and `store_credit` (the
 * rest). A row its balances paid alone has no money: the credit it issued comes off
 * `store_credit`. So the methods' nets add up to invoiced − credited, as each row balances.
 */
export function settlementGroups() {
  const methods = new Map<SettlementMethod, SettlementGroup>(
    SETTLEMENT_METHODS.map((m) => [m, emptyGroup(m, m === 'cod' ? 'cod' : null)]),
  );
  const providers = new Map<string, SettlementGroup>();
  const group = (method: SettlementMethod) => methods.get(method)!;
  return {
    add(row: SettlementPayment) {
      const exchange = row.exchangeCreditSpent;
      if (row.method === 'balances') {
        const credit = group('store_credit');
        credit.creditIssued += row.creditIssued;
        credit.net -= row.creditIssued;
      } else {
        // A COD row's part is the cash its invoice was due: a short remittance is still the
        // carrier's (or written off), an over one is owed back to it.
        const money =
          row.amount -
          row.refunded -
          row.owed -
          row.creditIssued +
          row.remittanceShort -
          row.remittanceOver;
        const byProvider = providers.get(row.provider) ?? emptyGroup(row.method, row.provider);
        providers.set(row.provider, byProvider);
        for (const g of [group(row.method), byProvider]) {
          g.rows += 1;
          g.received += row.amount;
          g.refunded += row.refunded;
          g.owed += row.owed;
          g.creditIssued += row.creditIssued;
          g.short += row.remittanceShort;
          g.over += row.remittanceOver;
          g.net += money;
        }
      }
      const parts: [SettlementMethod, number][] = [
        ['scheme', row.schemeSpent],
        ['store_credit', row.creditSpent - exchange],
        ['exchange_credit', exchange],
      ];
      for (const [method, amount] of parts)
        if (amount !== 0) {
          group(method).rows += 1;
          group(method).net += amount;
        }
    },
    result: () => ({
      byMethod: [...methods.values()],
      byProvider: [...providers.values()].sort((a, b) =>
        (a.provider ?? '').localeCompare(b.provider ?? ''),
      ),
    }),
  };
}
