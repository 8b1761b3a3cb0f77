// Values the global setup hands to the test workers.
declare module 'vitest' {
  interface ProvidedContext {
    /** A tar of a migrated PGlite data directory, or null when the run uses PostgreSQL. */
    pgliteTemplatePath: string | null;
    /** Admin connection URL and the migrated template database name (PostgreSQL runs). */
    postgres: { adminUrl: string; templateDb: string; runId: string } | null;
  }
}

export {};
