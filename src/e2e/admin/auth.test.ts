import { describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/fixture.js';
import { holdNextRequest } from '../support/held-request.js';
import {
  ADMIN_KEY,
  expectFieldError,
  expectToast,
  fieldError,
  logIn,
  openTab,
  passwordBox,
  storedKey,
  toasts,
  unexpectedProblems,
} from './admin-helpers.js';

/** Login, session restore, logout, an expired session, and the password change (last: it changes the password). */
describe('admin: login, session and password', () => {
  const site = useBrowserSite({ isolation: 'test' });

  const verifyStatus = async (token: string) =>
    (await fetch(`${site.baseUrl}/api/admin/verify`, { headers: { authorization: `Bearer ${token}` } })).status;

  it('checks the password: blank, wrong (toast, no key), then right (token stored, not the password)', async () => {
    const { page, problems } = site;
    await page.goto(`${site.baseUrl}/admin`);

    await page.getByRole('button', { name: 'Log in' }).click();
    await expectFieldError(passwordBox(page), 'Please enter the password');
    await passwordBox(page).fill('   ');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectFieldError(passwordBox(page), 'Please enter the password');

    await passwordBox(page).fill('Wrong-Pass1!');
    await page.getByRole('button', { name: 'Log in' }).click();
    // The error is said beside the field, which has the focus, empty, for the next try (Enter this time).
    await expectFieldError(passwordBox(page), 'Please check your password and try again');
    await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'password');
    expect(await passwordBox(page).inputValue()).toBe('');
    await expectToast(page, 'Invalid Password', 'Please check your password and try again');
    expect(await storedKey(page)).toBeNull();
    await passwordBox(page).focus();
    await page.keyboard.type('Wrong-Again2!');
    await page.keyboard.press('Enter');
    await expectFieldError(passwordBox(page), 'Please check your password and try again');
    await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'password');

    // 'Verifying...' on the disabled button while the password is checked.
    const login = await holdNextRequest(page, '**/trpc/admin.login**');
    await passwordBox(page).fill(site.adminPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    const verifying = page.getByRole('button', { name: 'Verifying...' });
    await verifying.waitFor();
    expect(await verifying.isDisabled()).toBe(true);
    login.release();
    await page.getByRole('tab', { name: 'Overview', selected: true }).waitFor();
    await expectToast(page, 'Success', 'Logged in successfully');

    const token = await storedKey(page);
    expect(token).toEqual(expect.any(String));
    expect(token).not.toBe(site.adminPassword);
    expect(token).not.toContain(site.adminPassword);
    expect(await verifyStatus(token!)).toBe(200);

    // Reload: the stored token is restored and checked, no login screen.
    await page.reload();
    await page.getByRole('tab', { name: 'Overview', selected: true }).waitFor();
    expect(await passwordBox(page).count()).toBe(0);
    expect(await storedKey(page)).toBe(token);

    // The tab lives in the URL.
    await openTab(page, 'Excerpts');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('excerpts');
    await page.reload();
    await page.getByRole('tab', { name: 'Excerpts', selected: true }).waitFor();

    expect(unexpectedProblems(problems)).toEqual([]);
  });

  it('logs out: key removed, login screen, and the old token is refused', async () => {
    const { page } = site;
    await logIn(page, site);
    const token = (await storedKey(page))!;

    await page.getByRole('button', { name: 'Logout' }).click();
    await passwordBox(page).waitFor();
    expect(await storedKey(page)).toBeNull();
    // The admin's calls still under way with the old token are tried as a password too; from the same
    // address, a check while one runs is told 429: let them end first.
    await page.waitForLoadState('networkidle');
    expect(await verifyStatus(token)).toBe(401);
  });

  it('ends the session on a 401: an invalid stored key, and a session revoked elsewhere', async () => {
    const { page } = site;
    await page.goto(`${site.baseUrl}/admin`);
    await page.evaluate((name) => localStorage.setItem(name, 'no-longer-valid'), ADMIN_KEY);
    await page.reload();
    await expectToast(page, 'Session expired', 'Please log in again.');
    await passwordBox(page).waitFor();
    expect(await storedKey(page)).toBeNull();

    // Logged in, then the token is revoked by another tab's logout: the next admin read (Contact) ends the session.
    await logIn(page, site);
    const token = (await storedKey(page))!;
    const logout = await fetch(`${site.baseUrl}/api/admin/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.status).toBe(204);
    await page.getByRole('tab', { name: 'Contact' }).click();
    await expectToast(page, 'Session expired', 'Please log in again.');
    await passwordBox(page).waitFor();
    expect(await storedKey(page)).toBeNull();
  });

  it('changes the password: every rule, the mismatch on the confirm field, then logout after 2 s and the new password works', async () => {
    const { page, problems } = site;
    await logIn(page, site);
    await openTab(page, 'Settings');

    const current = page.getByRole('textbox', { name: 'Current password' });
    const next = page.getByRole('textbox', { name: 'New password', exact: true });
    const confirm = page.getByRole('textbox', { name: 'Confirm new password' });
    const submit = page.getByRole('button', { name: 'Change password' });

    await submit.click();
    await expectFieldError(current, 'Current password is required');
    await expectFieldError(next, 'New password must be at least 8 characters');
    await expectFieldError(confirm, 'Please confirm your new password');

    const rules: [string, string][] = [
      ['Ab1!', 'New password must be at least 8 characters'],
      ['lowercase1!', 'Must contain at least one uppercase letter'],
      ['UPPERCASE1!', 'Must contain at least one lowercase letter'],
      ['NoDigits!!', 'Must contain at least one number'],
      ['NoSpecial123', 'Must contain at least one special character'],
    ];
    await current.fill(site.adminPassword);
    for (const [candidate, message] of rules) {
      await next.fill(candidate);
      await confirm.fill(candidate);
      await submit.click();
      await expectFieldError(next, message);
    }

    const newPassword = 'Fresh-Pass2#';
    await next.fill(newPassword);
    await confirm.fill('Fresh-Pass2$');
    await submit.click();
    await expectFieldError(confirm, "New passwords don't match");
    expect(await fieldError(next)).toBe('');

    // A wrong current password: the server's message.
    await current.fill('Not-The-Pass1!');
    await confirm.fill(newPassword);
    await submit.click();
    await expectToast(page, 'Password Change Failed', 'Current password is incorrect');

    await current.fill(site.adminPassword);
    // Before the click: the 2 s start once the answer is in, so however slow the machine, at least 2 s pass.
    const submittedAt = Date.now();
    await submit.click();
    await toasts(page).getByText('Password changed successfully! Please log in with your new password.').waitFor();
    expect(await current.inputValue()).toBe('');
    expect(await next.inputValue()).toBe('');
    // Logged out 2 seconds later (the spec's delay, not a test sleep).
    await passwordBox(page).waitFor({ timeout: 10_000 });
    expect(Date.now() - submittedAt).toBeGreaterThanOrEqual(1_990);
    expect(await storedKey(page)).toBeNull();

    await passwordBox(page).fill(site.adminPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectToast(page, 'Invalid Password', 'Please check your password and try again');

    await passwordBox(page).fill(newPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectToast(page, 'Success', 'Logged in successfully');
    // The tab is kept in the URL, so the admin is back where they were.
    await page.getByRole('tab', { name: 'Settings', selected: true }).waitFor();

    expect(unexpectedProblems(problems).filter((p) => !/status of 400/.test(p))).toEqual([]);
  });
});
