/**
 * pg-boss leaves a loop behind every stop(): it checks once a second whether its workers have ended and
 * `require`s node:timers/promises lazily for each wait. If a suite's module registry is torn down before that
 * loop's last wait, the require throws and jest fails the whole suite ("Test suite failed to run"). Give the
 * loop its last second before the registry goes.
 */
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 1100));
});

/**
 * In CI, a service test that fails is run once more, its first failure printed. These tests drive a real
 * queue, real PostgreSQL and real media tools on a shared 2-core machine; one stalled run on CI once cost a
 * whole submission. A test that fails twice still fails, and a retried one shows in the log.
 */
if (process.env.CI) jest.retryTimes(1, { logErrorsBeforeRetry: true });
