/** The admin password of test apps (kept apart from test-app.ts so light tests need not load the server). */
export const TEST_ADMIN_PASSWORD = 'Test-Admin-Pass1!';

/** hashPassword(TEST_ADMIN_PASSWORD), made once: a fixture like the password itself. */
export const TEST_ADMIN_PASSWORD_HASH =
  'scrypt$131072$8$1$Q17EzE1p11HoKRvWE7Gd_A$6Q4KnE37EX84xOR2cdeLgoUuRerldKE9nx9uomx5aLkzwgOjpmcraG4Tg6QVZTW3wCNaLsRenw-0e9wuMm3s_A';
