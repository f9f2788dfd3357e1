export { createGateway, SERVICE_PREFIXES, type GatewayOptions } from './server.js';
export { REMOTE_PACKAGES } from './web.js';
export { deriveRemotesManifest } from './remotes-source.js';
