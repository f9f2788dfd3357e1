/**
 * Lighthouse (the `lighthouse` package, driving Debian's chromium through chrome-launcher) for the pages the
 * web bench names, desktop and mobile (Lighthouse's own presets: simulated throttling, a mid-range phone
 * for mobile): performance, accessibility, best practices and SEO scores, plus the simulated LCP.
 * Nothing is downloaded: the browser is the machine's chromium.
 */
export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
}

export type LighthouseReport = Record<string, { desktop: LighthouseScores; mobile: LighthouseScores }>;

interface LhResult {
  lhr: {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number }>;
    runtimeError?: { message: string };
  };
}

function score(value: number | null | undefined): number {
  return Math.round((value ?? 0) * 100);
}

export async function runLighthouse(origin: string, paths: string[], port = Number(process.env.LIGHTHOUSE_PORT ?? 9230)): Promise<LighthouseReport> {
  const { default: lighthouse } = (await import('lighthouse')) as unknown as {
    default: (url: string, flags: Record<string, unknown>, config?: unknown) => Promise<LhResult | undefined>;
  };
  const { default: desktopConfig } = (await import('lighthouse/core/config/desktop-config.js')) as unknown as { default: unknown };
  const chromeLauncher = (await import('chrome-launcher')) as unknown as {
    launch(options: Record<string, unknown>): Promise<{ port: number; kill(): Promise<void> | void }>;
  };
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    port,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const report: LighthouseReport = {};
  try {
    for (const pagePath of paths) {
      const entry = {} as { desktop: LighthouseScores; mobile: LighthouseScores };
      for (const form of ['desktop', 'mobile'] as const) {
        const run = () =>
          lighthouse(
            `${origin}${pagePath}`,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] },
            form === 'desktop' ? desktopConfig : undefined,
          );
        let result = await run();
        // a trace lost on a busy machine (NO_NAVSTART and the like) is Lighthouse's own advice: run it again
        if (!result || result.lhr.runtimeError) result = await run();
        if (!result || result.lhr.runtimeError) throw new Error(`lighthouse ${pagePath} ${form}: ${result?.lhr.runtimeError?.message ?? 'no result'}`);
        const { categories, audits } = result.lhr;
        entry[form] = {
          performance: score(categories.performance?.score),
          accessibility: score(categories.accessibility?.score),
          bestPractices: score(categories['best-practices']?.score),
          seo: score(categories.seo?.score),
          lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
          fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
        };
      }
      report[pagePath] = entry;
    }
  } finally {
    await chrome.kill();
  }
  return report;
}
