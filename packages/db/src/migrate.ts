import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import * as m001 from './migrations/001_initial';
import * as m003 from './migrations/003_order_pipeline';
import * as m004 from './migrations/004_customer_removal';
import * as m005 from './migrations/005_outbox';
import * as m006 from './migrations/006_refund_reason';
import * as m007 from './migrations/007_search_terms';
import * as m008 from './migrations/008_product_category_name';
import * as m009 from './migrations/009_order_ledger';
import * as m010 from './migrations/010_policy_pages';
import * as m011 from './migrations/011_metal_pricing';
import * as m012 from './migrations/012_selling_in_india';
import * as m013 from './migrations/013_messages_and_sessions';
import * as m014 from './migrations/014_operations';
import * as m015 from './migrations/015_invoice_pdf_in_database';
import * as m016 from './migrations/016_order_quotes';
import * as m017 from './migrations/017_search_vector_trigger';
import * as m018 from './migrations/018_outbox_traceparent';
import * as m019 from './migrations/019_shipments';
import * as m020 from './migrations/020_dead_letter_resolution';
import * as m021 from './migrations/021_catalogue_identity';
import * as m023 from './migrations/023_session_bound_resets';
import * as m024 from './migrations/024_rate_alerts';
import * as m025 from './migrations/025_report_and_reconcile_indexes';
import * as m026 from './migrations/026_refunds';
import * as m027 from './migrations/027_sandbox_refunds';
import * as m028 from './migrations/028_catalogue_imports';
import * as m035 from './migrations/035_exchange_and_credit';
import * as m036 from './migrations/036_returns';
import * as m037 from './migrations/037_order_tenders';
import * as m038 from './migrations/038_old_gold_visits';
import * as m039 from './migrations/039_return_checks_and_refund_retries';
import * as m040 from './migrations/040_bulk_edit_previews';
import * as m030 from './migrations/030_listing_facets_index';
import * as m031 from './migrations/031_bulk_edits';
import * as m032 from './migrations/032_savings_schemes';
import * as m041 from './migrations/041_rate_alert_requests';
import * as m042 from './migrations/042_cash_on_delivery';
import * as m044 from './migrations/044_return_quantities_and_pickups';
import * as m045 from './migrations/045_bulk_edit_batch_checks';
import * as m046 from './migrations/046_scheme_receipts';
import * as m047 from './migrations/047_return_refund_transfers';
import * as m048 from './migrations/048_cod_remittance_differences';
import * as m049 from './migrations/049_second_returns';
import * as m050 from './migrations/050_return_pickup_changes';
import type { Database } from './schema';

// Migrations are listed statically so they work the same from source, tests and bundles.
const migrations: Record<string, Migration> = {
  '001_initial': m001,
  '003_order_pipeline': m003,
  '004_customer_removal': m004,
  '005_outbox': m005,
  '006_refund_reason': m006,
  '007_search_terms': m007,
  '008_product_category_name': m008,
  '009_order_ledger': m009,
  '010_policy_pages': m010,
  '011_metal_pricing': m011,
  '012_selling_in_india': m012,
  '013_messages_and_sessions': m013,
  '014_operations': m014,
  '015_invoice_pdf_in_database': m015,
  '016_order_quotes': m016,
  '017_search_vector_trigger': m017,
  '018_outbox_traceparent': m018,
  '019_shipments': m019,
  '020_dead_letter_resolution': m020,
  '021_catalogue_identity': m021,
  '023_session_bound_resets': m023,
  '024_rate_alerts': m024,
  '025_report_and_reconcile_indexes': m025,
  '026_refunds': m026,
  '027_sandbox_refunds': m027,
  '028_catalogue_imports': m028,
  '035_exchange_and_credit': m035,
  '036_returns': m036,
  '037_order_tenders': m037,
  '038_old_gold_visits': m038,
  '039_return_checks_and_refund_retries': m039,
  '040_bulk_edit_previews': m040,
  '041_rate_alert_requests': m041,
  '042_cash_on_delivery': m042,
  '044_return_quantities_and_pickups': m044,
  '045_bulk_edit_batch_checks': m045,
  '046_scheme_receipts': m046,
  '047_return_refund_transfers': m047,
  '048_cod_remittance_differences': m048,
  '049_second_returns': m049,
  '050_return_pickup_changes': m050,
  '030_listing_facets_index': m030,
  '031_bulk_edits': m031,
  '032_savings_schemes': m032,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Applies pending migrations; a second run applies nothing. Concurrent runs are safe: Kysely's
 * Migrator takes PostgreSQL's session advisory lock (pg_advisory_lock) on one connection and
 * migrates in a transaction under it, so a second caller waits and then finds nothing to apply.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  // Numbers are handed out per issue (002 may land after 003 was applied to a dev database).
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
