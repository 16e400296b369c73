/** The admin password of test apps (kept apart from test-app.ts so light tests need not load the server). */
export const TEST_ADMIN_PASSWORD = 'Test-Admin-Pass1!';

/** hashPassword(TEST_ADMIN_PASSWORD), made once: a fixture like the password itself. */
export const TEST_ADMIN_PASSWORD_HASH =
  'scrypt$32768$8$3$13Q_djDiyLUKsSvH6DHpTA$5klVIOkk3rUc09OZb4CVfp966hlJDRZdPILlLdy9geY57CkIIpjhRHN2LsBwjcVKi6ZXcGELiNcuQM7r76DsZw';
