import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '../../test/shell-test-kit';
import { ErrorPage, type ErrorPageProps } from './error-page';
import { isCrawler } from './error-texts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

function renderPage(props: Partial<ErrorPageProps> = {}, entries = ['/broken']) {
  const router = createMemoryRouter(
    [
      { path: '/broken', element: <ErrorPage env="production" userAgent={BROWSER} {...props} /> },
      { path: '/', element: <p>root page</p> },
      { path: '/before', element: <p>previous page</p> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('error page texts', () => {
  it.each([
    [500, 'Oops! Something went wrong on our end', /technical difficulties/],
    [503, "We're temporarily unavailable", /maintenance/],
    [502, 'Connection issue detected', /check your internet connection/],
    [404, 'Page Not Found', /moved or deleted/],
    [403, 'Access not permitted', /contact support/],
    [401, 'Please sign in to continue', /signed in/],
    [418, 'Something unexpected happened', /unexpected error/],
  ])('status %i: %s', (status, title, description) => {
    renderPage({ status });
    expect(screen.getByText(String(status))).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
  });

  it('defaults to 404', () => {
    renderPage({ status: undefined });
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('shows the feature guide: 3 groups and 6 links', () => {
    renderPage();
    const guide = screen.getByRole('navigation', { name: 'Explore Our AI Tools' });
    expect(guide.querySelectorAll('h3')).toHaveLength(3);
    expect([...guide.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Image To Video', '/image-to-video'],
      ['Text To Video', '/text-to-video'],
      ['Video To Anime', '/video-to-anime'],
      ['Text To Image', '/text-to-image'],
      ['Image To Image', '/image-to-image'],
      ['Text To Music', '/text-to-music'],
    ]);
  });
});

describe('error page behaviour', () => {
  it('renders nothing for crawlers', () => {
    const { container } = render(
      <RouterProvider
        router={createMemoryRouter([{ path: '/', element: <ErrorPage env="production" userAgent="Mozilla/5.0 (compatible; Googlebot/2.1)" /> }])}
      />,
    );
    expect(container).toBeEmptyDOMElement();
    for (const ua of ['Bingbot/2.0', 'Baiduspider', 'some-crawler/1', 'AhrefsBot']) expect(isCrawler(ua)).toBe(true);
    expect(isCrawler(BROWSER)).toBe(false);
  });

  it('shows stack details only outside beta and production', async () => {
    renderPage({ env: 'development', stack: 'Error: boom\n    at somewhere' });
    expect(await screen.findByTestId('error-stack')).toHaveTextContent('Error: boom');
  });

  it.each(['beta', 'production'])('hides stack details in %s', async (env) => {
    renderPage({ env, stack: 'Error: boom' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('error-stack')).not.toBeInTheDocument();
  });

  it('Go Home goes to /', async () => {
    const router = renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Go Home' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('Go Back goes back in history', async () => {
    const router = renderPage({}, ['/before', '/broken']);
    window.history.replaceState({ idx: 1 }, '');
    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/before'));
  });

  it('Go Back goes home when there is no history', async () => {
    const router = renderPage();
    window.history.replaceState({ idx: 0 }, '');
    const length = jest.spyOn(window.history, 'length', 'get').mockReturnValue(1);
    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(router.state.location.pathname).toBe('/');
    length.mockRestore();
  });

  it("Go Back uses the browser's history after a full page load (the app's own is empty)", async () => {
    renderPage();
    window.history.replaceState({ idx: 0 }, '');
    const length = jest.spyOn(window.history, 'length', 'get').mockReturnValue(3);
    const back = jest.spyOn(window.history, 'back').mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(back).toHaveBeenCalledTimes(1);
    back.mockRestore();
    length.mockRestore();
  });
});
