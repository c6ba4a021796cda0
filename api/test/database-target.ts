export type TestDatabase =
  | {
      kind: 'postgres';
      /** Direct to PostgreSQL: creating and dropping databases. */
      serverUrl: string;
      /** Where the app under test connects: through PgBouncer in transaction mode where it runs, else direct. */
      appServerUrl: string;
      poolMode: 'session' | 'transaction';
      template: string;
      runId: string;
    }
  | { kind: 'pglite' };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabase;
  }
}

export const withDatabase = (serverUrl: string, database: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
};
