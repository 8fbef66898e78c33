export * from './report-documents';
export * from './sales-register';
export * from './gstr1';
export * from './settlement';
export * from './settlement-csv';
export * from './report-csv';
