import { Hono } from 'hono';
import type { Database } from '../db/database.ts';
import { perAddressLimit } from './per-address-limit.ts';
import { escapeControlCharacters, redactPath } from './request-guards.ts';

/** Reports kept: enough to see a problem, never a table a stranger can grow without end. */
const KEPT_REPORTS = 1000;
const MAX_FIELD = 500;
const REPORTS_PER_ADDRESS = { limit: 60, windowMs: 60 * 1000 };

type Violation = { documentUri: string; directive: string; blockedUri: string; sourceFile: string; line: number | null };

const text = (value: unknown): string => (typeof value === 'string' ? value.slice(0, MAX_FIELD) : '');

/** A page's address without its query, and without the secret a path may carry (reset links, codes). */
const safeAddress = (value: string): string => {
  if (!URL.canParse(value)) return redactPath(value);
  const url = new URL(value);
  return `${url.origin}${redactPath(url.pathname)}`;
};

/** report-uri sends `{"csp-report": {...}}` (kebab-case); the Reporting API an array of `{type, body}` (camelCase). */
const violationsIn = (body: unknown): Violation[] => {
  const legacy = (body as { 'csp-report'?: Record<string, unknown> } | null)?.['csp-report'];
  if (legacy && typeof legacy === 'object') {
    return [
      {
        documentUri: text(legacy['document-uri']),
        directive: text(legacy['effective-directive'] ?? legacy['violated-directive']),
        blockedUri: text(legacy['blocked-uri']),
        sourceFile: text(legacy['source-file']),
        line: typeof legacy['line-number'] === 'number' ? legacy['line-number'] : null,
      },
    ];
  }
  if (!Array.isArray(body)) return [];
  return body
    .filter((report): report is { type: string; body: Record<string, unknown> } => report?.type === 'csp-violation' && typeof report.body === 'object')
    .map(({ body: report }) => ({
      documentUri: text(report.documentURL),
      directive: text(report.effectiveDirective),
      blockedUri: text(report.blockedURL),
      sourceFile: text(report.sourceFile),
      line: typeof report.lineNumber === 'number' ? report.lineNumber : null,
    }));
};

/**
 * Where browsers send Content-Security-Policy violations (both report-uri's and the Reporting
 * API's format). Each is logged and kept, the newest 1000, so a broken policy shows in the log and
 * the end-to-end suite can require none. Browsers send these without our headers, so the route is
 * mounted before the same-origin guard.
 */
export const cspReportRoutes = ({ db }: { db: Database }) => {
  const routes = new Hono();
  // A page breaking the policy reports a handful; a stranger posting without end is refused.
  routes.post('/', perAddressLimit(REPORTS_PER_ADDRESS), async (c) => {
    const body: unknown = await c.req.json().catch(() => null);
    const insert = db.prepare(
      'INSERT INTO csp_reports (document_uri, directive, blocked_uri, source_file, line, received_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (const violation of violationsIn(body)) {
      const documentUri = safeAddress(violation.documentUri);
      const blockedUri = violation.blockedUri.includes('://') ? safeAddress(violation.blockedUri) : violation.blockedUri;
      insert.run(documentUri, violation.directive, blockedUri, violation.sourceFile, violation.line, Date.now());
      console.warn(escapeControlCharacters(`CSP violation: ${violation.directive} blocked ${blockedUri || '(inline)'} on ${documentUri}`));
    }
    db.prepare('DELETE FROM csp_reports WHERE id <= (SELECT max(id) FROM csp_reports) - ?').run(KEPT_REPORTS);
    return c.body(null, 204);
  });
  return routes;
};
