/** @jsxRuntime automatic */
/** @jsxImportSource react */
/** The account service's mails: password reset, address verification and change, password changed, account deleted. */
import { Text } from '@react-email/text';
import { ActionButton, Layout, LinkLine, PRODUCT_NAME, styles } from './layout.js';
import { renderMail, type RenderedMail } from './render.js';

const ACCOUNT_WHY = `You get this e-mail because someone used this address for an account at ${PRODUCT_NAME}. If that was not you, you can ignore it.`;

export function passwordResetMail(input: { url: string; minutes: number }): Promise<RenderedMail> {
  return renderMail(
    `Reset your ${PRODUCT_NAME} password`,
    <Layout preview="A link to choose a new password" title="Choose a new password" why={ACCOUNT_WHY}>
      <Text style={styles.text}>Someone asked to reset the password of the account with this e-mail address. If it was you, choose a new one here:</Text>
      <ActionButton href={input.url}>Choose a new password</ActionButton>
      <Text style={styles.text}>
        The link works once and for {input.minutes} minutes. When you set a new password, every device signed in to your account is signed out.
      </Text>
      <LinkLine href={input.url} />
      <Text style={styles.muted}>If you did not ask for this, do nothing: your password stays as it is.</Text>
    </Layout>,
  );
}

export function verifyEmailMail(input: { url: string; hours: number; reward: string }): Promise<RenderedMail> {
  return renderMail(
    `Confirm your e-mail address for ${PRODUCT_NAME}`,
    <Layout preview="One click to confirm your address" title="Confirm your e-mail address" why={ACCOUNT_WHY}>
      <Text style={styles.text}>Welcome! Confirm that this address is yours, and {input.reward} are added to your account.</Text>
      <ActionButton href={input.url}>Confirm my address</ActionButton>
      <Text style={styles.text}>The link works for {input.hours} hours. You can ask for a new one in the studio at any time.</Text>
      <LinkLine href={input.url} />
    </Layout>,
  );
}

export function emailChangeMail(input: { url: string; hours: number; newEmail: string }): Promise<RenderedMail> {
  return renderMail(
    `Confirm your new e-mail address for ${PRODUCT_NAME}`,
    <Layout preview="Confirm the new address of your account" title="Confirm your new address" why={ACCOUNT_WHY}>
      <Text style={styles.text}>
        You asked to use {input.newEmail} for your account. The change happens when you confirm it here; until then your account keeps its old address.
      </Text>
      <ActionButton href={input.url}>Use this address</ActionButton>
      <Text style={styles.text}>The link works once and for {input.hours} hours.</Text>
      <LinkLine href={input.url} />
    </Layout>,
  );
}

export function passwordChangedMail(input: { when: string }): Promise<RenderedMail> {
  return renderMail(
    `Your ${PRODUCT_NAME} password was changed`,
    <Layout preview="Your password was changed" title="Your password was changed" why={ACCOUNT_WHY}>
      <Text style={styles.text}>The password of your account was changed on {input.when}, and every other device was signed out.</Text>
      <Text style={styles.text}>If this was not you, reset your password at once with &ldquo;Forgot password?&rdquo; on the login page, and contact support.</Text>
    </Layout>,
  );
}

export function accountDeletedMail(input: { when: string }): Promise<RenderedMail> {
  return renderMail(
    `Your ${PRODUCT_NAME} account was deleted`,
    <Layout preview="Your account is gone" title="Your account was deleted" why={`This is the last e-mail ${PRODUCT_NAME} sends to this address about the account.`}>
      <Text style={styles.text}>
        As you asked, your account was deleted on {input.when}. Your profile, creations and sign-in data are removed; running subscriptions were cancelled and will not renew.
      </Text>
      <Text style={styles.text}>
        Records the law asks us to keep (orders and payments) stay, without your name or address. You can sign up again with this address at any time.
      </Text>
    </Layout>,
  );
}
