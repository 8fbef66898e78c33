import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { DomainError } from '../common';
import { schemeReceiptData, type AttachmentMaker, type RenderOptions } from '../notifications';
import { schemeStatementPdf } from './statement-pdf';

/**
 * An instalment's receipt mail carries the receipt PDF the scheme page downloads, read as its
 * holder; an enrolment or payment gone since the mail was queued sends the mail without it.
 */
const schemeReceiptAttachment: AttachmentMaker = async (db: Kysely<Database>, row, seller) => {
  if (!row.user_id) return [];
  const data = schemeReceiptData.parse(row.payload);
  try {
    const file = await schemeStatementPdf(db, {
      user: { id: row.user_id, role: 'CUSTOMER' },
      enrolmentId: data.enrolmentId,
      seller,
      options: { receiptOf: data.n },
    });
    const name = `${data.receiptNo.replaceAll('/', '-')}.pdf`;
    return [{ filename: name, content: file.body, contentType: 'application/pdf' }];
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'NOT_FOUND') return [];
    throw error;
  }
};

/** What the schemes' mails attach, handed to the mail sender by whoever runs it. */
export const schemeMailAttachments: RenderOptions['attach'] = {
  'scheme-receipt': schemeReceiptAttachment,
};
