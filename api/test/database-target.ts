export type TestDatabase =
  { kind: 'postgres'; serverUrl: string; template: string; runId: string } | { kind: 'pglite' };

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
