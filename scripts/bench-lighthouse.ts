/**
 * Lighthouse (the `lighthouse` package, driving Debian's chromium through chrome-launcher) for the pages the
 * web bench names, desktop and mobile (Lighthouse's own presets: simulated throttling, a mid-range phone
 * for mobile): performance, accessibility, best practices and SEO scores, plus the simulated LCP.
 * Nothing is downloaded: the browser is the machine's chromium. LIGHTHOUSE_RUNS=n runs each page and form n
 * times and keeps the run of median performance (simulated figures move with the machine's load), with the
 * blocking time, layout shift and the largest paint's element that explain the score, and Lighthouse's CPU
 * index of each run (a busy machine's timings are pessimistic; its index says so). LIGHTHOUSE_SAVE=<folder> also
 * writes each run's whole report there (`<route>.<form>.<n>.json`), to read which audits cost a page its points.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** the largest paint's element (its HTML opening, shortened) */
  lcpElement: string;
  /** Lighthouse's CPU index of the machine during the run (benchmarkIndex): low means busy or slow, and the timings with it */
  cpuIndex: number;
  /** the machine's one-minute load average when the run ended (2 cores here: above 2 the page shared the CPU) */
  load1: number;
  /** every run's performance score, when there were several */
  performanceRuns?: number[];
}

export type LighthouseForm = 'desktop' | 'mobile';

export type LighthouseReport = Record<string, Partial<Record<LighthouseForm, LighthouseScores>>>;

interface LhResult {
  lhr: {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number; details?: { items?: { items?: { node?: { snippet?: string } }[] }[] } }>;
    runtimeError?: { message: string };
    environment?: { benchmarkIndex?: number };
  };
}

function score(value: number | null | undefined): number {
  return Math.round((value ?? 0) * 100);
}

function scoresOf(result: LhResult): LighthouseScores {
  const { categories, audits } = result.lhr;
  const snippet = audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '';
  return {
    performance: score(categories.performance?.score),
    accessibility: score(categories.accessibility?.score),
    bestPractices: score(categories['best-practices']?.score),
    seo: score(categories.seo?.score),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    lcpElement: snippet.slice(0, 120),
    cpuIndex: Math.round(result.lhr.environment?.benchmarkIndex ?? 0),
    load1: Math.round((loadavg()[0] ?? 0) * 100) / 100,
  };
}

export async function runLighthouse(
  origin: string,
  paths: string[],
  port = Number(process.env.LIGHTHOUSE_PORT ?? 9230),
  runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1)),
  forms: readonly LighthouseForm[] = ['desktop', 'mobile'],
): Promise<LighthouseReport> {
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
  const saveDir = process.env.LIGHTHOUSE_SAVE;
  if (saveDir) mkdirSync(saveDir, { recursive: true });
  try {
    for (const pagePath of paths) {
      const entry: Partial<Record<LighthouseForm, LighthouseScores>> = {};
      for (const form of forms) {
        const run = () =>
          lighthouse(
            `${origin}${pagePath}`,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] },
            form === 'desktop' ? desktopConfig : undefined,
          );
        const scored: LighthouseScores[] = [];
        for (let i = 0; i < runs; i += 1) {
          let result = await run();
          // a trace lost on a busy machine (NO_NAVSTART and the like) is Lighthouse's own advice: run it again
          if (!result || result.lhr.runtimeError) result = await run();
          if (!result || result.lhr.runtimeError) throw new Error(`lighthouse ${pagePath} ${form}: ${result?.lhr.runtimeError?.message ?? 'no result'}`);
          if (saveDir) writeFileSync(path.join(saveDir, `${pagePath.replace(/[^a-z0-9-]+/gi, '_').replace(/^_/, '') || 'root'}.${form}.${i}.json`), JSON.stringify(result.lhr));
          scored.push(scoresOf(result));
        }
        const sorted = [...scored].sort((a, b) => a.performance - b.performance);
        entry[form] = { ...sorted[Math.floor((sorted.length - 1) / 2)]!, ...(runs > 1 ? { performanceRuns: scored.map((r) => r.performance) } : {}) };
      }
      report[pagePath] = entry;
    }
  } finally {
    await chrome.kill();
  }
  return report;
}
