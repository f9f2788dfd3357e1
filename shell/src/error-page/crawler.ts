/** Crawlers get no error page at all (spec section 2). */
const CRAWLER_UA =
  /bot|crawler|spider|crawling|googlebot|bingbot|slurp|duckduckbot|baiduspider|yandex|sogou|exabot|facebot|facebookexternalhit|ia_archiver|semrush|ahrefs|petalbot|bytespider|applebot/i;

export function isCrawler(userAgent: string): boolean {
  return CRAWLER_UA.test(userAgent);
}
