/**
 * localStorage key holding the admin session token. Zod-free, like every
 * src/domain/<feature>.ts, so the public pages' shared tRPC client can import it.
 */
export const ADMIN_KEY_STORAGE_NAME = 'adminKey';

export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';
export const MIN_PASSWORD_LENGTH = 8;

export const PASSWORD_CHANGED_MESSAGE = 'Password changed successfully! Please log in with your new password.';
export const LOGOUT_DELAY_AFTER_PASSWORD_CHANGE_MS = 2_000;
