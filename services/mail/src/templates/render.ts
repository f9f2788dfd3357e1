/** Renders a React Email element into the HTML and the plain-text part of a mail. */
import type { ReactElement } from 'react';
import { render, toPlainText } from '@react-email/render';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export async function renderMail(subject: string, element: ReactElement): Promise<RenderedMail> {
  const html = await render(element);
  // the plain-text part is read from the same markup, so the two never say different things
  return { subject, html, text: toPlainText(html) };
}
