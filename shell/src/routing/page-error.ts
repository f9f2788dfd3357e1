/**
 * Errors the router routes to the error page. A fatal error replaces the whole page (no header, no menu);
 * a non-fatal one renders inside the layout.
 */
export class PageError extends Error {
  readonly status: number;
  readonly fatal: boolean;
  constructor(message: string, status: number, fatal: boolean) {
    super(message);
    this.name = 'PageError';
    this.status = status;
    this.fatal = fatal;
  }
}

/** A page's parameters failed validation: fatal 404 (spec section 8). */
export function pageValidationFailure(path: string): PageError {
  return new PageError(`Page Not Found: ${path}`, 404, true);
}

function isPageError(error: unknown): error is PageError {
  return error instanceof Error && error.name === 'PageError' && typeof (error as PageError).status === 'number';
}

/** Status and fatality of anything thrown while rendering or loading a route. */
export function describeError(error: unknown): { status: number; fatal: boolean; message: string; stack?: string } {
  if (isPageError(error)) return { status: error.status, fatal: error.fatal, message: error.message, stack: error.stack };
  if (error && typeof error === 'object' && 'status' in error && typeof (error as { status: unknown }).status === 'number') {
    const response = error as { status: number; statusText?: string; data?: unknown };
    const message = typeof response.data === 'string' ? response.data : response.statusText || `HTTP ${response.status}`;
    return { status: response.status, fatal: true, message };
  }
  // a page that throws keeps the header and menu around its error page (the layout's own failures still
  // reach the root, which has nothing else to render)
  if (error instanceof Error) return { status: 500, fatal: false, message: error.message, stack: error.stack };
  return { status: 500, fatal: true, message: String(error) };
}
