export { loadMailConfig, DEFAULT_FROM, type MailConfig, type DevMailServerConfig } from './config.js';
export { Mailer, MAIL_QUEUE, migrateMail, listMail, countFailedMail, type MailerOptions, type MailLog, type MailRecord, type OutgoingMail } from './mailer.js';
