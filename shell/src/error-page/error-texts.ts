/** Error page texts by status (spec section 8); anything else is 'Something unexpected happened'. */
import { SERVER_ERROR_TITLE } from './server-error-title';

export interface ErrorText {
  title: string;
  description: string;
}

const ERROR_TEXTS: Record<number, ErrorText> = {
  500: {
    title: SERVER_ERROR_TITLE,
    description: "We're experiencing technical difficulties. Our team has been notified. Please try again later.",
  },
  503: {
    title: "We're temporarily unavailable",
    description: "We're performing scheduled maintenance and will be back shortly. Please check back soon.",
  },
  502: {
    title: 'Connection issue detected',
    description: "We're having trouble connecting. Please check your internet connection and try again.",
  },
  404: {
    title: 'Page Not Found',
    description: "The page you're looking for may have been moved or deleted.",
  },
  403: {
    title: 'Access not permitted',
    description: "You don't have permission to view this page. Please contact support if you think this is a mistake.",
  },
  401: {
    title: 'Please sign in to continue',
    description: 'You need to be signed in to view this page.',
  },
};

const OTHER_ERROR_TEXT: ErrorText = {
  title: 'Something unexpected happened',
  description: 'An unexpected error occurred. Please try again, or go back to the home page.',
};

export function errorTextOf(status: number): ErrorText {
  return ERROR_TEXTS[status] ?? OTHER_ERROR_TEXT;
}

export { isCrawler } from './crawler';

/** The 'Explore Our AI Tools' feature guide: 3 groups, 6 links. */
export const FEATURE_GUIDE = [
  {
    group: 'AI Video',
    links: [
      { label: 'Image To Video', to: '/image-to-video' },
      { label: 'Text To Video', to: '/text-to-video' },
      { label: 'Video To Anime', to: '/video-to-anime' },
    ],
  },
  {
    group: 'AI Image',
    links: [
      { label: 'Text To Image', to: '/text-to-image' },
      { label: 'Image To Image', to: '/image-to-image' },
    ],
  },
  { group: 'AI Audio', links: [{ label: 'Text To Music', to: '/text-to-music' }] },
] as const;
