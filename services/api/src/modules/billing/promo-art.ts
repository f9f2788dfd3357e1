/** The promotion placements' art, drawn here so every seeded placement has an image with nothing to download. */
const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

const GRADIENT = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6a48f5"/><stop offset="1" stop-color="#c026d3"/></linearGradient></defs>`;

export const PROMO_ART_SVG: Record<string, string> = {
  gift: svg(
    104,
    104,
    `${GRADIENT}<rect width="104" height="104" rx="24" fill="url(#g)"/><rect x="24" y="44" width="56" height="40" rx="4" fill="#fff"/><rect x="20" y="34" width="64" height="14" rx="4" fill="#ffe08a"/><rect x="48" y="34" width="8" height="50" fill="#c026d3"/><path d="M52 34c-8-14-22-12-18-3 2 4 10 3 18 3zm0 0c8-14 22-12 18-3-2 4-10 3-18 3z" fill="#ffe08a"/><text x="52" y="100" text-anchor="middle" font-family="Arial" font-size="11" font-weight="700" fill="#fff">3 DAYS FREE</text>`,
  ),
  discount: svg(
    104,
    104,
    `${GRADIENT}<rect width="104" height="104" rx="24" fill="url(#g)"/><circle cx="52" cy="46" r="28" fill="#ffe08a"/><text x="52" y="54" text-anchor="middle" font-family="Arial" font-size="22" font-weight="800" fill="#4c1d95">50%</text><text x="52" y="94" text-anchor="middle" font-family="Arial" font-size="13" font-weight="700" fill="#fff">OFF</text>`,
  ),
  banner: svg(
    240,
    48,
    `${GRADIENT}<rect width="240" height="48" fill="url(#g)"/><circle cx="24" cy="24" r="12" fill="#ffe08a"/><circle cx="216" cy="24" r="8" fill="#ffffff" opacity=".5"/>`,
  ),
  popup: svg(
    480,
    240,
    `${GRADIENT}<rect width="480" height="240" rx="24" fill="url(#g)"/><circle cx="400" cy="60" r="70" fill="#ffffff" opacity=".12"/><circle cx="70" cy="200" r="50" fill="#ffe08a" opacity=".35"/><path d="M200 150l40-70 40 70z" fill="#ffe08a"/>`,
  ),
};
