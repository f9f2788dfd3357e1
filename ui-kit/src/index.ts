/** ui-kit's pieces; each is also its own entry (`@studio/ui-kit/button`), which is how the remotes import them. */
export * from './app-link';
export * from './button';
export * from './dialog';
export * from './disabled-tabs';
export * from './icons';
export * from './not-yet-notice';
export * from './page-frame';
export * from './palette';
export * from './theme';
export * from './task-api';
export * from './upload-api';
export * from './use-leave-guard';
export * from './use-report-form';
