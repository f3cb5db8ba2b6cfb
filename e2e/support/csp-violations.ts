import { DatabaseSync } from 'node:sqlite';

/** The page e2e/security.spec.ts breaks the policy on, on purpose, to prove reports arrive. */
export const CSP_PROBE_PATH = '/public/csp-probe';

type Report = { document_uri: string; directive: string; blocked_uri: string; source_file: string; line: number | null };

/** The Content-Security-Policy violations a reference server received this run (its csp_reports table). */
export const cspViolations = (databasePath: string): Report[] => {
  const db = new DatabaseSync(databasePath, { readOnly: true });
  try {
    return db.prepare('SELECT document_uri, directive, blocked_uri, source_file, line FROM csp_reports').all() as unknown as Report[];
  } finally {
    db.close();
  }
};

/**
 * Global teardown: after the whole suite, both servers (atom and quest) must have received no
 * violation report but the probe's. Browsers post report-uri reports as they happen, so every
 * page the suite opened has reported by now.
 */
export default function expectNoCspViolations() {
  const found = [process.env.E2E_DATABASE_PATH, process.env.E2E_QUEST_DATABASE_PATH]
    .filter((path): path is string => Boolean(path))
    .flatMap(cspViolations)
    .filter(({ document_uri }) => !document_uri.endsWith(CSP_PROBE_PATH));
  if (found.length > 0) {
    throw new Error(`${found.length} Content-Security-Policy violations during the suite:\n${found.map((report) => JSON.stringify(report)).join('\n')}`);
  }
  console.log('Content-Security-Policy: 0 violations reported across the suite');
}
