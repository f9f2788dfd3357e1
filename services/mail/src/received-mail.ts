/** A mail the local mail server received (dev-server.ts keeps them, inbox-page.ts shows them). */
export interface ReceivedMail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  date: string;
  text: string;
  html: string;
  /** every http(s) link of the mail, in order */
  links: string[];
}

/** Every http(s) link of a mail's text and HTML, in order, once each. */
export function linksOf(text: string, html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/href="(https?:\/\/[^"]+)"/g)) found.add(match[1].replace(/&amp;/g, '&'));
  for (const match of text.matchAll(/https?:\/\/[^\s<>"\]]+/g)) found.add(match[0]);
  return [...found];
}
