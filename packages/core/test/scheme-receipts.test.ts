// Savings scheme receipts: each instalment received (the first one being the enrolment) gets a
// receipt numbered in the shop's series, with the payment reference and India's date, mailed
// through the notifications outbox with the receipt PDF attached, and printed on the receipt PDF
// and the enrolment's view.
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmInstalmentPayment,
  enrol,
  getEnrolment,
  payNextInstalment,
  renderNotification,
  schemeMailAttachments,
  schemeStatementPdf,
  type AuthUser,
  type SchemeDeps,
  type SellerDetails,
} from '@kanak/core';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import { newCustomer, ORIGINS, sandbox } from './support';

const SELLER: SellerDetails = {
  legalName: 'Kanak Jewellers Private Limited',
  address: '12 Residency Road, Bengaluru, Karnataka 560025',
  state: 'Karnataka',
  stateCode: '29',
  gstin: '29AAACK1234E1ZY',
};
const SHOP = {
  name: 'Kanak Jewellers',
  supportEmail: 'help@kanak.test',
  url: 'https://kanak.test',
};
// As the worker sends them: the schemes' receipt attachments handed in.
const MAIL_OPTIONS = { shop: SHOP, seller: SELLER, attach: schemeMailAttachments };

describe('savings scheme receipts', () => {
  let database: TestDatabase;
  const db = () => database.db;
  // 11:30 in India on 7 Dec 2026; the second instalment a month later.
  let now = new Date('2026-12-07T06:00:00Z');
  const clock = () => now;
  const deps = (): SchemeDeps => ({ db: db(), provider: sandbox, origins: ORIGINS, clock });
  let planId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    planId = (
      await db()
        .selectFrom('scheme_plans')
        .select('id')
        .where('paused', '=', false)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => database.drop());

  /** Pays the enrolment's open link for instalment `n` as the sandbox's hosted page would. */
  async function pay(enrolmentId: string, n: number) {
    const link = await db()
      .selectFrom('scheme_payments')
      .select('payment_link_id')
      .where('enrolment_id', '=', enrolmentId)
      .where('n', '=', n)
      .where('status', '=', 'CREATED')
      .executeTakeFirstOrThrow();
    const paymentId = sandbox.paymentIdFor(link.payment_link_id, 'paid');
    const outcome = await confirmInstalmentPayment(db(), {
      provider: sandbox,
      confirmation: { enrolmentId, paymentId, source: 'return' },
      clock,
    });
    expect(outcome.result).toBe('PAID');
    return paymentId;
  }
  const receiptOf = async (enrolmentId: string, n: number) =>
    (
      await db()
        .selectFrom('scheme_payments')
        .select('receipt_no')
        .where('enrolment_id', '=', enrolmentId)
        .where('n', '=', n)
        .where('status', '=', 'PAID')
        .executeTakeFirstOrThrow()
    ).receipt_no;
  const mailsTo = (email: string) =>
    db()
      .selectFrom('notifications')
      .selectAll()
      .where('kind', '=', 'scheme-receipt')
      .where('recipient', '=', email)
      .orderBy('id')
      .execute();

  it('numbers a receipt per instalment in one series, mails it at enrolment and at each instalment, and prints it', async () => {
    const asha: AuthUser & { email: string } = await newCustomer(db(), 'asha');
    const ravi = await newCustomer(db(), 'ravi');
    const a = await enrol(deps(), asha, { planId, instalment: 1000 });
    const r = await enrol(deps(), ravi, { planId, instalment: 1500 });
    // Enrolled but nothing received yet: no receipt, no mail.
    expect(await mailsTo(asha.email)).toHaveLength(0);

    const payA1 = await pay(a.id, 1);
    await pay(r.id, 1);
    now = new Date('2027-01-07T05:00:00Z');
    await payNextInstalment(deps(), asha, a.id);
    const payA2 = await pay(a.id, 2);

    const numbers = [await receiptOf(a.id, 1), await receiptOf(r.id, 1), await receiptOf(a.id, 2)];
    const seqs = numbers.map((no) => {
      expect(no).toMatch(/^KJSR\/2026-27\/\d{6}$/);
      return Number(no!.slice(-6));
    });
    // One after another, in the order they were received, across enrolments.
    expect(seqs[1]).toBe(seqs[0]! + 1);
    expect(seqs[2]).toBe(seqs[0]! + 2);

    // A second return of the same payment records nothing again: no new number, no new mail.
    await confirmInstalmentPayment(db(), {
      provider: sandbox,
      confirmation: { enrolmentId: a.id, paymentId: payA2, source: 'webhook' },
      clock,
    });
    const mails = await mailsTo(asha.email);
    expect(mails).toHaveLength(2);
    expect(await mailsTo(ravi.email)).toHaveLength(1);

    const welcome = await renderNotification(db(), mails[0]!, MAIL_OPTIONS);
    expect(welcome.subject).toBe(
      `You are enrolled in Swarna Nidhi — 10 months: receipt ${numbers[0]}`,
    );
    expect(welcome.text).toContain(`Receipt no. ${numbers[0]}`);
    expect(welcome.text).toContain('Date: 7 Dec 2026');
    expect(welcome.text).toContain(`Payment reference: ${payA1}`);
    expect(welcome.text).toContain('₹1,000 (instalment 1 of 10)');
    expect(welcome.text).toContain('Instalment 2 is due on 7 Jan 2027');
    const second = await renderNotification(db(), mails[1]!, MAIL_OPTIONS);
    expect(second.subject).toBe(
      `Instalment 2 of your Swarna Nidhi — 10 months received: receipt ${numbers[2]}`,
    );
    expect(second.text).toContain('Date: 7 Jan 2027');
    expect(second.text).toContain(`Payment reference: ${payA2}`);
    // Each receipt mail carries that receipt as a PDF, the same one the scheme page downloads.
    for (const [mail, n, no, ref] of [
      [welcome, 1, numbers[0]!, payA1],
      [second, 2, numbers[2]!, payA2],
    ] as const) {
      expect(mail.attachments.map((f) => [f.filename, f.contentType])).toEqual([
        [`${no.replaceAll('/', '-')}.pdf`, 'application/pdf'],
      ]);
      const attached = (
        await extractText(await getDocumentProxy(new Uint8Array(mail.attachments[0]!.content)), {
          mergePages: true,
        })
      ).text;
      expect(attached).toContain(`Receipt: instalment ${n}`);
      expect(attached).toContain(`Receipt no. ${no}`);
      expect(attached).toContain(`Payment reference: ${ref}`);
    }

    // The scheme page's data and the receipt download carry the same number and reference.
    const view = await getEnrolment(db(), { user: asha, idInput: a.id, clock });
    expect(view.paid.map((p) => [p.receiptNo, p.reference])).toEqual([
      [numbers[0], payA1],
      [numbers[2], payA2],
    ]);
    const file = await schemeStatementPdf(db(), {
      user: asha,
      enrolmentId: a.id,
      seller: SELLER,
      options: { receiptOf: 2, clock },
    });
    const text = (
      await extractText(await getDocumentProxy(new Uint8Array(file.body)), { mergePages: true })
    ).text;
    expect(text).toContain(`Receipt no. ${numbers[2]}`);
    expect(text).toContain(`Payment reference: ${payA2}`);
    expect(text).toContain('Received ₹1,000 on 7 Jan 2027');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const statement = await schemeStatementPdf(db(), {
      user: asha,
      enrolmentId: a.id,
      seller: SELLER,
      options: { clock },
    });
    const all = (
      await extractText(await getDocumentProxy(new Uint8Array(statement.body)), {
        mergePages: true,
      })
    ).text;
    expect(all).toContain(numbers[0]!);
    expect(all).toContain(numbers[2]!);
  });
});
