// Task rules: types, the needsreply task's life, the task form, list filters.
export * from './tasks';
