// jest-dom matchers (toBeInTheDocument, toHaveAttribute, ...) for the type checker; jest loads them in test-support/setup-web.ts
/// <reference types="@testing-library/jest-dom" />
