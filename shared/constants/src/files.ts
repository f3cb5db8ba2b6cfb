/** Kinds of stored file (SPEC 3), named in words by the spec and kept as written. */
export const STORED_FILE_KINDS = [
  'reports',
  'question images',
  'help sheets',
  'media',
  'paper-test pdfs',
  'answer sheets',
  'question sheets',
  'booklets',
  'spelling words',
  'familiarisation material',
] as const;
export type StoredFileKind = (typeof STORED_FILE_KINDS)[number];
