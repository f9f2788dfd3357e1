export { createGateway, SERVICE_PREFIXES, type GatewayOptions } from './server.js';
export { deriveRemotesManifest, REMOTE_PACKAGES } from './web.js';
