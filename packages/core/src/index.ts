export * from './auth/auth.schema.js';
export * from './auth/password-rules.js';
export * from './errors/app-error.js';
export * from './messages.js';
export * from './users/roles.js';
