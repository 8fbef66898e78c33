// A value of refunds.purpose that payments, refunds and the settlement report all read, so it
// sits below them all.

/** The purpose of the refund that pays back money owed (a REFUND_PENDING payment). */
export const REFUND_DUE_PURPOSE = 'refund-due';
