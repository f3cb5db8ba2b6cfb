import type { Migration } from '../db/migrations.ts';

/** The registration service's tables (append-only, ids from the range this module owns). */
export const registrationMigrations: Migration[] = [
  {
    id: 100,
    name: 'registration: profiles, student links, subscriptions, customers, tutor invites, attempts',
    sql: `
      -- Names and country of a registered person; users stays the account service's table.
      CREATE TABLE user_profiles (
        id_user INTEGER PRIMARY KEY REFERENCES users(id_user) ON DELETE CASCADE,
        first_name TEXT,
        last_name TEXT,
        country TEXT NOT NULL CHECK (country IN ('GB', 'US'))
      );
      -- A parent or tutor (the supervisor) and a student they follow.
      CREATE TABLE student_links (
        id_supervisor INTEGER NOT NULL REFERENCES users(id_user) ON DELETE CASCADE,
        id_student INTEGER NOT NULL REFERENCES users(id_user) ON DELETE CASCADE,
        relation TEXT NOT NULL CHECK (relation IN ('parent', 'tutor')),
        created_at INTEGER NOT NULL,
        PRIMARY KEY (id_supervisor, id_student)
      );
      CREATE INDEX student_links_by_student ON student_links(id_student);
      CREATE TABLE tutor_subjects (
        id_user INTEGER NOT NULL REFERENCES users(id_user) ON DELETE CASCADE,
        subject TEXT NOT NULL,
        PRIMARY KEY (id_user, subject)
      );
      -- A parent's plan. It starts as a trial with no card; payment details, when a provider is
      -- configured, are the provider's reference only.
      CREATE TABLE subscriptions (
        id_subscription INTEGER PRIMARY KEY,
        id_user INTEGER NOT NULL REFERENCES users(id_user) ON DELETE CASCADE,
        plan_purpose TEXT NOT NULL CHECK (plan_purpose IN ('general_learning', 'exam_preparation', 'cat4', 'sats', 'ks3')),
        status TEXT NOT NULL CHECK (status IN ('active', 'trial', 'payment_failed', 'deactivated', 'cancelled')),
        currency TEXT NOT NULL CHECK (currency IN ('gbp', 'usd', 'eur')),
        trial_ends_at INTEGER NOT NULL,
        payment_provider TEXT,
        payment_reference TEXT,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX subscriptions_by_user ON subscriptions(id_user);
      CREATE TABLE customers (
        id_user INTEGER PRIMARY KEY REFERENCES users(id_user) ON DELETE CASCADE,
        email TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      -- Only the hash of an invitation token is kept, like every other secret.
      CREATE TABLE tutor_invites (
        token_hash TEXT PRIMARY KEY,
        id_tutor INTEGER NOT NULL REFERENCES users(id_user) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE TABLE student_merges (
        id_student_source INTEGER PRIMARY KEY,
        id_student INTEGER NOT NULL REFERENCES users(id_user) ON DELETE CASCADE,
        merged_at INTEGER NOT NULL
      );
      -- Per-address counts behind the registration rate limits (attempt-limits.ts).
      CREATE TABLE registration_attempts (
        id INTEGER PRIMARY KEY,
        bucket TEXT NOT NULL,
        address TEXT NOT NULL,
        at INTEGER NOT NULL
      );
      CREATE INDEX registration_attempts_by_address ON registration_attempts(bucket, address, at);
    `,
  },
  {
    id: 101,
    name: 'registration: the terms each account agreed to, and when',
    sql: `
      -- One row per agreement: a later version of the terms agreed to adds a row, the first stays.
      -- Accounts made before this migration agreed to nothing on record and have no row.
      CREATE TABLE terms_agreements (
        id_user INTEGER NOT NULL REFERENCES users(id_user) ON DELETE CASCADE,
        terms_version TEXT NOT NULL,
        agreed_at INTEGER NOT NULL,
        PRIMARY KEY (id_user, terms_version)
      );
    `,
  },
];
