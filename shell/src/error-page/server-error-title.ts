/**
 * The 500 page's title (error-texts.ts), also the title of /debug/test-error (routing/route-specs.ts). A module of
 * its own: the route table is part of the first load, the error page's texts stay in the error page's chunk.
 */
export const SERVER_ERROR_TITLE = 'Oops! Something went wrong on our end';
