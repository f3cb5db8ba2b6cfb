import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVICES } from '../services.ts';

/**
 * Every call the app makes (method and path, read from its sources) beside SPEC section 7's list (a
 * copy in shared/api/spec-calls.md), so that no call the spec does not have slips in unnoticed. A call
 * beyond the spec's list is named below with the reason the app needs it; the app must keep working
 * against an account service that offers only what the spec lists.
 */
const ROOT = join(import.meta.dirname, '..', '..', '..', '..');
const SPEC_COPY = join(ROOT, 'shared', 'api', 'spec-calls.md');
const APP_FOLDERS = ['shell/src', 'shared', 'remotes'];

/** Calls the app makes that SPEC section 7 does not list, each with why. */
const BEYOND_THE_SPEC: Record<string, string> = {
  'GET /ms_accounts/auth/captcha': 'the self-hosted ALTCHA tickbox fetches its challenge (README, Captcha); with reCAPTCHA it is never asked',
  'POST /ms_accounts/tutor-invites/{}/accept': 'a student accepts a tutor’s invitation with their own credentials (SPEC section 2, invitation landing)',
  'GET /ms_accounts/supervisors/public/access_code/{}': 'SPEC section 7 lists this path among those whose use is not shown: a magic link finds its school',
  'GET /app-metadata/visitor': 'cookie consent asks whether the visitor is in the EU (SPEC section 4; ADR 006)',
  'POST /app-metadata/page-loads': 'the shell counts a sample of page loads per remote version, for staged rollouts (ADR 018)',
  'POST /app-metadata/remote-load-failures': 'the shell reports a remote version that will not load (ADR 007, ADR 014)',
  'GET /ms_exams/tasters/{}': 'the taster (SPEC section 2; "exam config by slug", use not shown)',
  'GET /ms_exams/tasters/{}/groups/{}': 'the taster selection list',
  'GET /ms_exams/tasters/{}/tests/{}': 'a familiarisation test',
  'GET /ms_exams/school-exams/{}': 'the school assessment landing',
  'GET /ms_exams/exams/{}': 'the assessments portal: the exam',
  'GET /ms_exams/exams/{}/session': 'the assessments portal: the candidate’s sitting',
  'GET /ms_exams/exams/{}/sessions': 'the invigilator’s sittings',
  'GET /ms_exams/sessions/{}': 'a sitting’s status (polling)',
  'GET /ms_exams/sessions/{}/events': 'a sitting’s status (server-sent events)',
  'POST /ms_exams/tasters/{}/tests/{}/score': 'a familiarisation test is marked on the server (answers never reach the page before)',
  'POST /ms_exams/sessions/{}/answers': 'a candidate’s answers',
  'POST /ms_exams/sessions/{}/status': 'an invigilator moves a sitting',
};

const METHOD = '(GET|POST|PUT|PATCH|DELETE)';
const normalise = (path: string) => path.replace(/\{[^}]*\}/g, '{}').replace(/\/$/, '');

/** SPEC section 7's calls, with each service's prefix: the account service's, the email service's, the event gateway's. */
const specCalls = (): string[] => {
  const calls: string[] = [];
  let prefix = '';
  for (const line of readFileSync(SPEC_COPY, 'utf8').split('\n')) {
    const service = /^Account service \(prefix (\/\w+)\):/.exec(line);
    if (service) prefix = service[1] ?? '';
    if (line.startsWith('Other:')) prefix = '';
    for (const match of line.matchAll(new RegExp(`${METHOD} (/[^\\s;,?]*)`, 'g'))) {
      const [call, method, path] = match;
      const before = line.slice(0, match.index);
      const after = line.slice(match.index + call.length);
      const service = before.endsWith('Email service: ') ? SERVICES.email : after.startsWith(' to an event gateway') ? SERVICES.gateway : prefix;
      calls.push(`${method} ${normalise(`${service}${(path ?? '').replace(/\.$/, '')}`)}`);
    }
  }
  return [...new Set(calls)].sort();
};

const sourceFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !path.includes('test-support') ? [path] : [];
  });

const serviceValues = SERVICES as Record<string, string>;

/**
 * The calls one source file makes: `http.<method>(`<address>`)`, an address made for something else
 * to fetch (an EventSource, the captcha widget: GET), `fetch('<path>', { method })` and
 * `tellServer('<path>', body)` (POST). Addresses
 * are built from SERVICES and the file's own constants; a prefix constant is not itself a call.
 */
const callsIn = (text: string): string[] => {
  const constants = new Map<string, string>();
  for (const [, name, template, service] of text.matchAll(/const (\w+) = (?:`([^`]*)`|SERVICES\.(\w+));/g)) {
    constants.set(name ?? '', template ?? serviceValues[service ?? ''] ?? '');
  }
  const resolve = (template: string): string =>
    template.replace(/\$\{([^}]*)\}/g, (_, expression: string) => {
      const service = /^SERVICES\.(\w+)$/.exec(expression)?.[1];
      if (service) return serviceValues[service] ?? '';
      const known = constants.get(expression);
      return known === undefined ? '{}' : resolve(known);
    });
  const prefixes = new Set([...text.matchAll(/\$\{(\w+)\}/g)].map(([, name]) => name).filter((name) => name && constants.has(name)));
  const calls: string[] = [];
  for (const match of text.matchAll(/(?:\bhttp\s*\.\s*(get|post|put|patch|delete)\(\s*)?`(\$\{[\w.]+\}[^`]*)`/g)) {
    const before = text.slice(Math.max(0, match.index - 120), match.index);
    // An address made for something else to fetch is exported as it is, or by a function that only builds it.
    const exported = /export const (\w+) = (?:\([^)]*\)(?:: \w+)? => )?$/.exec(before)?.[1];
    if (!match[1] && (!exported || prefixes.has(exported))) continue;
    const address = resolve(match[2] ?? '');
    if (!Object.values(serviceValues).some((service) => address.startsWith(`${service}/`))) continue;
    calls.push(`${(match[1] ?? 'get').toUpperCase()} ${normalise(address)}`);
  }
  // What the shell tells the server in passing (failure reports, page-load beacons) is a POST.
  for (const [, path] of text.matchAll(/\btellServer\(\s*'(\/[^']*)'/g)) calls.push(`POST ${normalise(path ?? '')}`);
  for (const [, path, init] of text.matchAll(/\bfetch\(\s*'(\/[^']*)'\s*(?:,\s*\{([^}]*))?/g)) {
    calls.push(`${/method: '(\w+)'/.exec(init ?? '')?.[1] ?? 'GET'} ${normalise(path ?? '')}`);
  }
  return calls;
};

const appCalls = (): Map<string, string[]> => {
  const calls = new Map<string, string[]>();
  for (const file of APP_FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)))) {
    for (const call of callsIn(readFileSync(file, 'utf8'))) calls.set(call, [...(calls.get(call) ?? []), relative(ROOT, file)]);
  }
  return calls;
};

describe('the calls the app makes, beside SPEC section 7', () => {
  const spec = specCalls();
  const app = appCalls();

  it('reads the spec’s list: the account service’s calls with its prefix, and the others', () => {
    expect(spec).toContain('GET /ms_accounts/auth/require-captcha');
    expect(spec).toContain('GET /ms_email/tutor-invite/{}');
    expect(spec).toContain('POST /event-gateway/publish');
    expect(spec).toContain('POST /public/user/verify_password_strength');
    expect(spec).toHaveLength(28);
  });

  it('makes no call the spec does not list, but those named with their reason', () => {
    const beyond = [...app.keys()].filter((call) => !spec.includes(call)).sort();
    expect(beyond, `calls beyond SPEC section 7:\n${beyond.map((call) => `${call}  (${app.get(call)?.join(', ')})`).join('\n')}`).toEqual(
      Object.keys(BEYOND_THE_SPEC).sort(),
    );
  });

  it('asks whether a captcha is required by GET only, as the spec has it', () => {
    expect([...app.keys()].filter((call) => call.endsWith('/auth/require-captcha'))).toEqual(['GET /ms_accounts/auth/require-captcha']);
  });

  it('has a function for every call of the spec’s list', () => {
    expect(spec.filter((call) => !app.has(call))).toEqual([]);
  });
});
