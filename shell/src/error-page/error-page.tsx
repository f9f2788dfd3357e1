/**
 * The error page of spec sections 2 and 8: status code, title and description per status, Go Home ('/')
 * and Go Back (the app's history, the browser's after a full page load, or home when there is none), the 'Explore Our AI Tools' feature guide,
 * stack details only outside beta and production (loaded lazily), and nothing at all for crawlers.
 */
import { lazy, Suspense, useContext, useEffect } from 'react';
import { PRODUCT_NAME, ShellContext, TRACK_EVENTS } from 'shared-contracts';
import { Link, useNavigate } from 'react-router';
import { errorTextOf, FEATURE_GUIDE, isCrawler } from './error-texts';

const ErrorDetails = lazy(() => import(/* webpackChunkName: "error-details" */ './error-details'));

export interface ErrorPageProps {
  status?: number;
  /** e.g. 'Page not found: /foo' */
  message?: string;
  stack?: string;
  /** the shell's env: 'development' | 'beta' | 'production' */
  env: string;
  userAgent?: string;
}

/** Where Go Back goes: the app's own history, else the browser's (a full page load), else home. */
function backTarget(): 'app' | 'browser' | 'home' {
  const state = window.history.state as { idx?: number } | null;
  if (typeof state?.idx === 'number' && state.idx > 0) return 'app';
  return window.history.length > 1 ? 'browser' : 'home';
}

const button = {
  padding: '10px 22px',
  borderRadius: 10,
  fontWeight: 600,
  cursor: 'pointer',
  fontSize: 15,
} as const;

export function ErrorPage({ status = 404, message, stack, env, userAgent = navigator.userAgent }: ErrorPageProps) {
  const navigate = useNavigate();
  const text = errorTextOf(status);
  const crawler = isCrawler(userAgent);
  useEffect(() => {
    if (!crawler) document.title = `${text.title} | ${PRODUCT_NAME}`;
  }, [crawler, text.title]);
  const shell = useContext(ShellContext);
  useEffect(() => {
    if (!crawler) shell?.track(TRACK_EVENTS.ERROR_PAGE, { status, path: window.location.pathname });
  }, [crawler, shell, status]);
  if (crawler) return null;
  const showDetails = env !== 'beta' && env !== 'production' && Boolean(stack);
  return (
    <main
      data-testid="error-page"
      css={{ maxWidth: 760, margin: '0 auto', padding: '56px 20px 72px', textAlign: 'center', color: 'var(--c-text)' }}
    >
      <p aria-hidden="true" css={{ margin: 0, fontSize: 72, fontWeight: 800, lineHeight: 1, color: 'var(--c-primary)' }}>
        {status}
      </p>
      <h1 css={{ margin: '16px 0 8px', fontSize: 28 }}>{text.title}</h1>
      <p css={{ margin: '0 auto', maxWidth: 520, color: 'var(--c-text-muted)' }}>{text.description}</p>
      {message ? <p css={{ margin: '12px 0 0', fontSize: 14, color: 'var(--c-text-muted)' }}>{message}</p> : null}
      <div css={{ display: 'flex', gap: 12, justifyContent: 'center', marginTop: 28, flexWrap: 'wrap' }}>
        <button
          type="button"
          css={{ ...button, border: 'none', background: 'var(--c-primary-strong)', color: 'var(--c-on-primary)' }}
          onClick={() => {
            shell?.track(TRACK_EVENTS.BUTTON_CLICK, { button: 'go_home', area: 'error_page' });
            navigate('/');
          }}
        >
          Go Home
        </button>
        <button
          type="button"
          css={{ ...button, border: '1px solid var(--c-border)', background: 'var(--c-surface)', color: 'var(--c-text)' }}
          onClick={() => {
            shell?.track(TRACK_EVENTS.BUTTON_CLICK, { button: 'go_back', area: 'error_page' });
            const target = backTarget();
            if (target === 'app') navigate(-1);
            else if (target === 'browser') window.history.back();
            else navigate('/');
          }}
        >
          Go Back
        </button>
      </div>
      <nav aria-labelledby="feature-guide-title" css={{ marginTop: 48, textAlign: 'left' }}>
        <h2 id="feature-guide-title" css={{ fontSize: 18, textAlign: 'center', margin: '0 0 16px' }}>
          Explore Our AI Tools
        </h2>
        <div css={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(190px, 1fr))' }}>
          {FEATURE_GUIDE.map((group) => (
            <section
              key={group.group}
              css={{ padding: 16, borderRadius: 12, background: 'var(--c-surface)', border: '1px solid var(--c-border)' }}
            >
              <h3 css={{ margin: '0 0 8px', fontSize: 15 }}>{group.group}</h3>
              <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 }}>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} css={{ color: 'var(--c-primary)', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </nav>
      {showDetails ? (
        <Suspense fallback={null}>
          <ErrorDetails message={message ?? ''} stack={stack ?? ''} />
        </Suspense>
      ) : null}
    </main>
  );
}
