/**
 * Page load performance (spec sections 7 and 9) with the `web-vitals` library: FCP, LCP, INP, CLS and TTFB,
 * each judged against the spec's thresholds (FCP 1800/3000 ms, LCP 2500/4000 ms; the others web-vitals'
 * own). Loaded as its own chunk after start so it adds nothing to the first paint.
 */
import { TRACK_EVENTS, judgeVital, type VitalName } from 'shared-contracts';

export async function reportWebVitals(track: (event: string, props: Record<string, unknown>) => void): Promise<void> {
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import(/* webpackChunkName: "web-vitals" */ 'web-vitals');
  const report = (metric: { name: string; value: number; navigationType?: string }) => {
    const name = metric.name as VitalName;
    const value = name === 'CLS' ? Math.round(metric.value * 1000) / 1000 : Math.round(metric.value);
    track(TRACK_EVENTS.PAGE_PERFORMANCE, { metric: name, value, rating: judgeVital(name, value), navigation: metric.navigationType ?? '' });
  };
  onFCP(report);
  onLCP(report);
  onINP(report);
  onCLS(report);
  onTTFB(report);
}
