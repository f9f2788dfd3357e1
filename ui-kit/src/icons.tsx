/** Inline stroke icons (24x24): no image host, no extra request, they take the text colour. */
const PATHS = {
  'text-video': ['M4 6h9', 'M8.5 6v9', 'M3 17h11a1 1 0 0 0 1-1v-2l5 3V9l-5 3', 'M15 9.5V8a1 1 0 0 0-1-1'],
  'image-video': ['M3 5h11a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z', 'M2 15l4-4 4 4 2-2 3 3', 'M15 10l6-3v10l-6-3'],
  anime: ['M12 3l2.2 5.3L20 9l-4.4 3.8L17 19l-5-3-5 3 1.4-6.2L4 9l5.8-.7z'],
  'text-image': ['M4 4h16v16H4z', 'M8 9h8', 'M12 9v7'],
  'image-image': ['M3 4h10v10H3z', 'M11 10h10v10H11z', 'M3 11l3-3 4 4', 'M15 16l2-2 4 4'],
  music: ['M9 18V5l11-2v13', 'M9 18a3 3 0 1 1-3-3 3 3 0 0 1 3 3z', 'M20 16a3 3 0 1 1-3-3 3 3 0 0 1 3 3z'],
  song: ['M12 3a3 3 0 0 1 3 3v5a3 3 0 0 1-6 0V6a3 3 0 0 1 3-3z', 'M5 11a7 7 0 0 0 14 0', 'M12 18v3', 'M8 21h8'],
  effects: ['M4 20L15 9', 'M14 4v3', 'M19 9h-3', 'M17.5 5.5l-2 2', 'M19 14v2', 'M20 15h-2', 'M9 4v2', 'M10 5H8'],
  'video-enhance': ['M3 6h12a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1z', 'M16 10l5-3v10l-5-3', 'M9 15V9', 'M6.5 11.5L9 9l2.5 2.5'],
  'image-enhance': ['M4 4h16v16H4z', 'M12 16V8', 'M8.5 11.5L12 8l3.5 3.5'],
  'bg-remove': ['M6 6a2.5 2.5 0 1 0 0 .01', 'M6 16a2.5 2.5 0 1 0 0 .01', 'M8 7.5L20 17', 'M8 14.5L20 5'],
  'object-remove': ['M4 4h16v16H4z', 'M9 9l6 6', 'M15 9l-6 6'],
  redraw: ['M4 20l4-1 10-10-3-3L5 16z', 'M13 8l3 3', 'M4 4h5', 'M4 4v5'],
  avatar: ['M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M4 21a8 8 0 0 1 16 0', 'M19 3c1.3 1 2 2.4 2 4s-.7 3-2 4'],
  'video-erase': ['M3 6h12a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1z', 'M16 10l5-3v10l-5-3', 'M6 10l6 5', 'M12 10l-6 5'],
  'video-object-remove': ['M3 6h12a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1z', 'M16 10l5-3v10l-5-3', 'M5 15l4-5 2 2', 'M10 16h4'],
  'talking-photo': ['M4 4h12v12H4z', 'M10 11a2 2 0 1 0 0-4 2 2 0 0 0 0 4z', 'M7 16a3 3 0 0 1 6 0', 'M18 8c1 1 1.5 2 1.5 3s-.5 2-1.5 3', 'M20.5 6c1.3 1.5 2 3.2 2 5s-.7 3.5-2 5'],
  'lip-sync': ['M3 12c3-4 6-5 9-3 3-2 6-1 9 3-3 4-6 5-9 5s-6-1-9-5z', 'M3 12h18'],
  denoise: ['M3 12h2', 'M7 8v8', 'M11 5v14', 'M15 9v6', 'M19 11v2', 'M21 12h0'],
  watermark: ['M4 6h16', 'M12 6v13', 'M4 20L20 4'],
  extend: ['M8 8h8v8H8z', 'M3 8V3h5', 'M21 8V3h-5', 'M3 16v5h5', 'M21 16v5h-5'],
  audio: ['M11 5L6 9H3v6h3l5 4z', 'M15.5 8.5a5 5 0 0 1 0 7', 'M18.5 5.5a9 9 0 0 1 0 13'],
  template: ['M4 4h7v7H4z', 'M13 4h7v7h-7z', 'M4 13h7v7H4z', 'M13 13h7v7h-7z'],
  arrow: ['M5 12h14', 'M13 6l6 6-6 6'],
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
