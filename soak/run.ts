// `pnpm soak` (30 minutes by default): SOAK_MINUTES=10 pnpm soak, or pnpm soak --minutes 10.
// Prints the report, writes it to soak/last-report.json and exits 1 when an invariant failed.
import path from 'node:path';
import { formatReport } from './report';
import { runSoak, soakOptions } from './soak';

function minutesWanted(): number {
  const flag = process.argv.indexOf('--minutes');
  const text = flag >= 0 ? process.argv[flag + 1] : process.env.SOAK_MINUTES;
  const minutes = Number(text ?? 30);
  if (!Number.isFinite(minutes) || minutes <= 0)
    throw new Error(`--minutes / SOAK_MINUTES must be a positive number, not ${text}`);
  return minutes;
}

const options = {
  ...soakOptions(minutesWanted()),
  reportFile: path.join(import.meta.dirname, 'last-report.json'),
};
const report = await runSoak(options);
console.info(`\n${formatReport(report)}\nreport: ${options.reportFile}`);
process.exit(report.ok ? 0 : 1);
