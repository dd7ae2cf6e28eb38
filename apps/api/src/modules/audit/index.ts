// What other modules, and the app around them, may use of audit (docs/decisions/0093).
export { recentAudit, recordAudit } from './repository.js';
export { auditedAlready } from './repository.js';
export { eraseWordsFromAudit } from './repository/personal-data.js';
