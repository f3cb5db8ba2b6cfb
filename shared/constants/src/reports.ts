/**
 * Report types (SPEC 3), named in words by the spec and kept as written. Each attainment variant and
 * each zip is its own entry because the spec lists them as separate reports.
 */
export const REPORT_TYPES = [
  'pupil report',
  'pupil report v2 with score',
  'pupil report v2 without score',
  'school attainment report',
  'school attainment report pp',
  'school attainment report eal',
  'school attainment report sen',
  'school attainment report fsm',
  'school attainment report summer born',
  'class attainment',
  'cognitive ability',
  'wellbeing',
  'comparison',
  'spreadsheets',
  'zip of school reports',
  'zip of pupil reports',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** Status of a report generation job, as its scheduler reports it (SPEC 4). */
export const REPORT_JOB_STATUSES = [
  'queued',
  'running',
  'success',
  'failed',
  'up_for_retry',
  'up_for_reschedule',
  'upstream_failed',
  'skipped',
  'scheduled',
  'unknown',
  'not_submitted',
] as const;
export type ReportJobStatus = (typeof REPORT_JOB_STATUSES)[number];
