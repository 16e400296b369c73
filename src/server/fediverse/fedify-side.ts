/**
 * Everything in fediverse/ that needs Fedify's code at run time (@fedify/fedify, @fedify/vocab), reached only through
 * fedify-loader.ts: Fedify with the site's dispatchers and inbox listeners, the activities of content, and the admin's
 * answers that send one (a held follow's Accept or Reject, the account's Move). The rest of fediverse/ imports
 * Fedify's types only.
 */
export { buildFederation } from './site-federation.js';
export { contentActivities } from './content-activities.js';
export { answerFollowRequest } from './follow-requests.js';
export { moveAccount, undoAccountMove } from './move-activity.js';
