// Two projects: the front end (jsdom) and the services (node). Each package keeps its tests beside its code.
const swcWeb = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic', importSource: '@emotion/react' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const swcNode = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
];
// the mail templates (services/mail/src/templates/*.tsx) are React Email components
const swcNodeTsx = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic', importSource: 'react' } }, target: 'es2022' },
    module: { type: 'commonjs' },
  },
];

/** @type {import('jest').Config} */
module.exports = {
  // a global option (jest ignores it inside a project): PGlite's first start takes seconds on a busy machine
  testTimeout: 60000,
  projects: [
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      roots: [
        '<rootDir>/shared-contracts',
        '<rootDir>/ui-kit',
        '<rootDir>/shell',
        '<rootDir>/remote-create',
        '<rootDir>/remote-tools',
        '<rootDir>/remote-billing',
        '<rootDir>/remote-account',
        '<rootDir>/remote-explore',
      ],
      testMatch: ['**/src/**/*.test.ts?(x)'],
      transform: { '^.+\\.(t|j)sx?$': swcWeb },
      transformIgnorePatterns: ['/node_modules/(?!(valtio|proxy-compare|derive-valtio)/)'],
      moduleNameMapper: {
        '\\.(css)$': '<rootDir>/test-support/style-stub.js',
        '\\.(png|jpe?g|gif|webp|svg|mp4)$': '<rootDir>/test-support/file-stub.js',
        '^@module-federation/enhanced/runtime$': '<rootDir>/test-support/mf-runtime-double.ts',
        // shared-contracts imports its siblings as './x.js' (ESM style); resolve them to the .ts files
        '^(\\.{1,2}/.*)\\.js$': '$1',
      },
      setupFilesAfterEnv: ['<rootDir>/test-support/setup-web.ts'],
    },
    {
      displayName: 'services',
      testEnvironment: 'node',
      roots: ['<rootDir>/services', '<rootDir>/scripts'],
      testMatch: ['**/*.test.ts'],
      transform: { '^.+\\.tsx$': swcNodeTsx, '^.+\\.(t|j)s$': swcNode },
      // jose 6, content-disposition 2 (@fastify/static), cookie 2 (light-my-request) and openid-client 6 with oauth4webapi (the OIDC test's relying party) ship ESM only: let swc turn it into CommonJS for jest (node 20 jest cannot require ESM)
      transformIgnorePatterns: ['/node_modules/(?!(jose|content-disposition|cookie|openid-client|oauth4webapi)/)'],
      // ESM-style './x.js' imports (shared-contracts, services) resolve to the .ts files
      moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
      setupFilesAfterEnv: ['<rootDir>/test-support/setup-services.ts'],
    },
  ],
};
