import { PageFrame, theme, media } from '@studio/ui-kit';
import { LEGAL_LINKS, SiteFooter } from '@studio/ui-kit/site-footer';
import { AppLink } from '@studio/ui-kit/app-link';
import { useFirstScreenTakeover } from '@studio/ui-kit/first-screen';
import { LEGAL_TEXTS, type LegalKind } from '../lib/legal-texts';

/** /terms, /privacy and /refund-policy: one of our legal texts, with the other two a click away. */
export function LegalPage({ kind }: { kind: LegalKind }) {
  // a visitor's first HTML has this page's copy (first-screen/server.tsx): this replaces it in the same frame
  useFirstScreenTakeover();
  const doc = LEGAL_TEXTS[kind];
  return (
    <>
      <PageFrame title={doc.title} subtitle={doc.summary}>
        <article css={{ maxWidth: 760, lineHeight: 1.6, color: theme.text, fontSize: 15 }}>
          <p css={{ color: theme.textMuted, marginTop: 0 }}>Last updated {doc.updated}</p>
          {doc.sections.map((section) => (
            <section key={section.heading} css={{ marginTop: 24 }}>
              <h2 css={{ fontSize: 19, margin: '0 0 8px', [media.phone]: { fontSize: 17 } }}>{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)} css={{ margin: '0 0 10px' }}>
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
          <p css={{ marginTop: 28 }}>
            See also:{' '}
            {LEGAL_LINKS.filter((link) => link.label !== doc.title && link.label.toLowerCase() !== doc.title.toLowerCase()).map((link, index) => (
              <span key={link.to}>
                {index > 0 ? ' · ' : ''}
                <AppLink to={link.to} css={{ color: theme.link }}>
                  {link.label}
                </AppLink>
              </span>
            ))}
          </p>
        </article>
      </PageFrame>
      <SiteFooter />
    </>
  );
}
