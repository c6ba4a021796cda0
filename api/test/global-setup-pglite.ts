import type { TestProject } from 'vitest/node';
import type { TestDatabase } from './database-target';

export default function setup(project: TestProject) {
  project.provide('testDatabase', { kind: 'pglite' } satisfies TestDatabase);
}
