/** Every mail's template (React Email), each answering its subject, HTML and plain-text parts. */
export { renderMail, type RenderedMail } from './render.js';
export { PRODUCT_NAME } from './layout.js';
export { accountDeletedMail, emailChangeMail, passwordChangedMail, passwordResetMail, verifyEmailMail } from './account-mails.js';
export { receiptMail, subscriptionCancelledMail, subscriptionRenewedMail, trialReminderMail, type ReceiptInput } from './billing-mails.js';
