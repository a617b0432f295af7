// A failed end-to-end test runs once more, and its first failure is printed: two suites share two
// cores with their Chromiums, and a timing flake must stay visible in the log without failing the
// run. A test that fails twice fails. Known flakes are listed in the closing notes of the issues.
jest.retryTimes(1, { logErrorsBeforeRetry: true });
