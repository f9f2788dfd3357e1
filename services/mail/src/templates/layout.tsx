/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The frame of every mail: our name, the content, and a footer saying why the mail came. React Email
 * components (tables and inline styles that mail clients render alike); colours meet 4.5:1 on white.
 */
import type { ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';

export const PRODUCT_NAME = 'AI Video Generator';

const colours = { fg: '#15161c', muted: '#555a66', accent: '#4338ca', line: '#e3e5ea', bg: '#f4f5f8' };

export const styles = {
  text: { color: colours.fg, fontSize: '15px', lineHeight: '22px', margin: '0 0 14px' },
  muted: { color: colours.muted, fontSize: '13px', lineHeight: '20px', margin: '0 0 10px' },
  cell: { color: colours.fg, fontSize: '14px', padding: '6px 0', verticalAlign: 'top' as const },
  label: { color: colours.muted, fontSize: '14px', padding: '6px 16px 6px 0', verticalAlign: 'top' as const, whiteSpace: 'nowrap' as const },
};

export function Layout(props: { preview: string; title: string; children: ReactNode; why: string }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: colours.bg, fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif', margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', borderRadius: '12px', border: `1px solid ${colours.line}`, maxWidth: '560px', padding: '28px 32px' }}>
          <Text style={{ ...styles.text, fontWeight: 700, fontSize: '16px', color: colours.accent }}>{PRODUCT_NAME}</Text>
          <Heading as="h1" style={{ color: colours.fg, fontSize: '22px', lineHeight: '28px', margin: '0 0 16px' }}>
            {props.title}
          </Heading>
          {props.children}
          <Hr style={{ borderColor: colours.line, margin: '24px 0 16px' }} />
          <Text style={styles.muted}>{props.why}</Text>
        </Container>
      </Body>
    </Html>
  );
}

export function ActionButton(props: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 18px' }}>
      <Button
        href={props.href}
        style={{ backgroundColor: colours.accent, borderRadius: '10px', color: '#ffffff', fontSize: '15px', fontWeight: 600, padding: '12px 20px', textDecoration: 'none' }}
      >
        {props.children}
      </Button>
    </Section>
  );
}

/** A link written out, for clients that show no buttons. */
export function LinkLine(props: { href: string }) {
  return (
    <Text style={styles.muted}>
      If the button does not work, copy this address into your browser: <span style={{ color: colours.accent, wordBreak: 'break-all' }}>{props.href}</span>
    </Text>
  );
}
