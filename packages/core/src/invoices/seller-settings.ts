import { z } from 'zod';
import { findIndianState, gstinProblem } from '@kanak/shared';
import type { SellerDetails } from './invoice-document';

/** A well-formed GSTIN for Karnataka (29) that belongs to nobody: development and tests only. */
export const SAMPLE_GSTIN = '29AAACK1234E1ZY';

/**
 * The seller printed on tax invoices (SELLER_*): read by the server (downloads) and the worker
 * (invoices attached to order mails), so declared once here.
 */
export const sellerEnvShape = {
  SELLER_LEGAL_NAME: z.string().trim().min(1).default('Kanak Jewellers Private Limited'),
  SELLER_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .default('12 Residency Road, Bengaluru, Karnataka 560025'),
  SELLER_STATE: z
    .string()
    .trim()
    .refine(
      (v) => findIndianState(v) !== undefined,
      'SELLER_STATE must be an Indian state or union territory',
    )
    .default('Karnataka'),
  SELLER_GSTIN: z.string().trim().toUpperCase().default(SAMPLE_GSTIN),
  /** Where a parcel refused or returned by the courier goes back to; empty: SELLER_ADDRESS. */
  SELLER_RETURN_ADDRESS: z.string().trim().default(''),
};

export interface SellerSettings {
  SELLER_LEGAL_NAME: string;
  SELLER_ADDRESS: string;
  SELLER_STATE: string;
  SELLER_GSTIN: string;
  SELLER_RETURN_ADDRESS?: string;
}

export const sellerOf = (config: SellerSettings): SellerDetails => ({
  legalName: config.SELLER_LEGAL_NAME,
  address: config.SELLER_ADDRESS,
  state: findIndianState(config.SELLER_STATE)?.name ?? config.SELLER_STATE,
  stateCode: findIndianState(config.SELLER_STATE)?.gstCode ?? '',
  gstin: config.SELLER_GSTIN,
});

/** The packing slip's sender and return address. */
export const slipSenderOf = (config: SellerSettings) => ({
  legalName: config.SELLER_LEGAL_NAME,
  address: config.SELLER_ADDRESS,
  gstin: config.SELLER_GSTIN,
  returnAddress: config.SELLER_RETURN_ADDRESS || config.SELLER_ADDRESS,
});

/** Production prints invoices only with a real GSTIN consistent with the seller's state. */
export function sellerProblems(config: SellerSettings): string[] {
  const code = findIndianState(config.SELLER_STATE)?.gstCode ?? '';
  const problem =
    config.SELLER_GSTIN === SAMPLE_GSTIN
      ? "SELLER_GSTIN is the development sample; set the shop's own GSTIN"
      : gstinProblem(config.SELLER_GSTIN, code);
  return problem ? [problem] : [];
}
