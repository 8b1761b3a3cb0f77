// `npm run logs:check [dir]`: reads every *.log file under dir (default .test-logs, where
// `npm test` keeps the logs of its run) and applies the rules of lib/log-hygiene.ts: structured
// lines, request ids on request lines, no token, password or credential anywhere. Known
// passwords of the run come from LOG_CHECK_SECRETS (one per line). Exits 1 on any finding.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { checkLogText } from '../lib/log-hygiene.js';
import type { LogCheckTotals } from '../lib/log-hygiene.js';

const MAX_REPORTED = 20;

function logFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return logFiles(path);
    return entry.name.endsWith('.log') ? [path] : [];
  });
}

function main(): number {
  const dir = resolve(process.argv[2] ?? '.test-logs');
  if (!existsSync(dir)) {
    console.error(`logs:check: ${dir} does not exist; npm test writes the logs of its run there.`);
    return 2;
  }
  const files = logFiles(dir);
  if (files.length === 0) {
    console.error(`logs:check: no .log files under ${dir}`);
    return 2;
  }
  const knownSecrets = (process.env.LOG_CHECK_SECRETS ?? '').split('\n').filter(Boolean);
  const totals: LogCheckTotals = { lines: 0, requestLines: 0, findings: [] };
  for (const file of files) {
    checkLogText(readFileSync(file, 'utf8'), relative(dir, file), { knownSecrets }, totals);
  }
  console.log(
    `${totals.lines} log lines in ${files.length} files checked (${totals.requestLines} request lines, each with its request id unless listed below); ${knownSecrets.length} known passwords looked for`,
  );
  for (const finding of totals.findings.slice(0, MAX_REPORTED)) {
    console.log(`  ${finding.where}: ${finding.rule}: ${finding.excerpt}`);
  }
  if (totals.findings.length > MAX_REPORTED)
    console.log(`  … and ${totals.findings.length - MAX_REPORTED} more`);
  console.log(totals.findings.length === 0 ? 'logs ok' : `${totals.findings.length} finding(s)`);
  return totals.findings.length === 0 ? 0 : 1;
}

process.exit(main());
