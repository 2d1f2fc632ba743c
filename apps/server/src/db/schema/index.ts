export * from './audit-events.table.js';
export * from './auth-tokens.table.js';
export * from './clinics.table.js';
export * from './outbox.table.js';
export * from './patients.table.js';
export * from './sessions.table.js';
export * from './users.table.js';
