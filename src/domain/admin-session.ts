/**
 * localStorage key holding the admin session token (section 4). Kept free of zod so the
 * public pages' shared tRPC client can import it without pulling in the schemas.
 */
export const ADMIN_KEY_STORAGE_NAME = 'adminKey';
