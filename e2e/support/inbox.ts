/**
 * The local web inbox of the product under test (the mail package's dev server, started by `npm start` on
 * the ports the Playwright config gives it): the suites read the mail the product really sent over SMTP.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface Mail {
  id: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  links: string[];
}

const INBOX_URL = process.env.E2E_INBOX_URL ?? 'http://127.0.0.1:8095';

/** The newest mail to `to` whose subject matches, waiting for it to arrive. */
export async function waitForMail(request: APIRequestContext, to: string, subject: RegExp, timeoutMs = 30000): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get(`${INBOX_URL}/api/messages`)).json()) as Mail[];
        found = mails.find((mail) => mail.to.includes(to) && subject.test(mail.subject));
        return Boolean(found);
      },
      { timeout: timeoutMs, message: `a mail to ${to} with subject ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The mail's link to a path of the account service (e.g. /account/verify). */
export function linkTo(mail: Mail, path: string): string {
  const link = mail.links.find((href) => href.includes(path));
  if (!link) throw new Error(`no ${path} link in "${mail.subject}"`);
  return link;
}

/**
 * Confirms a new account's address as its owner does: the link in the confirmation mail, opened in a tab of
 * its own; back in the studio the banner goes (the sign-up credits and the free trial wait for this).
 */
export async function confirmAddress(page: Page, email: string): Promise<void> {
  const mail = await waitForMail(page.request, email, /Confirm your e-mail address/);
  const tab = await page.context().newPage();
  await tab.goto(linkTo(mail, '/account/verify'));
  await tab.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(tab.getByRole('heading', { name: 'Your address is confirmed' })).toBeVisible();
  await tab.close();
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.getByTestId('verify-banner')).toBeHidden();
}
