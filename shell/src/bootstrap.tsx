import { createRoot } from 'react-dom/client';
import { lazy, Suspense } from 'react';
import { createInstance } from '@module-federation/enhanced/runtime';

const Home = lazy(async () => {
  const res = await fetch('/remotes.json', { cache: 'no-store' });
  const manifest = (await res.json()) as { remotes: { name: string; entry: string }[] };
  const mf = createInstance({ name: 'shell', remotes: manifest.remotes.map((r) => ({ name: r.name, entry: r.entry })) });
  return (await mf.loadRemote('remote_explore/HomePage')) as { default: () => JSX.Element };
});

createRoot(document.body.appendChild(document.createElement('div'))).render(
  <Suspense fallback={<p>loading</p>}>
    <Home />
  </Suspense>,
);
