/**
 * How many proxies in front of a service are believed about the client's address (X-Forwarded-For).
 * Shared by the gateway, the product API and the account service, which all read TRUST_PROXY:
 *
 *   unset, '', '0'          trust nobody: the client is the socket's peer (a service facing the internet)
 *   '1', '2', ...           trust that many hops (1: one gateway or load balancer in front, which overwrites
 *                           the header; the address it saw is the client), when nothing else reaches it
 *   '10.0.0.0/8,127.0.0.1'  trust proxies at these addresses only
 *
 * 'true' (trust every hop) is refused: the left-most address is whatever the client wrote.
 */
export type ProxyTrust = false | string | ((address: string, hop: number) => boolean);

/**
 * Trusts the nearest `hops` proxies whatever their address. Fastify 5 refuses a bare number (a client that
 * reaches the service directly could then name its own address), so a hop count is a function here: use
 * it only where the service is reachable through its proxies alone; otherwise list their addresses.
 */
export function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

export function parseTrustProxy(value: string | undefined): ProxyTrust {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text === 'false') return false;
  if (/^\d+$/.test(text)) return trustHops(Number(text));
  if (text === 'true' || text === '*') {
    throw new Error("TRUST_PROXY must be a hop count (e.g. 1) or a list of proxy addresses, never 'true'");
  }
  const parts = text.split(',').map((part) => part.trim()).filter(Boolean);
  if (!parts.every((part) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(part) || ['loopback', 'linklocal', 'uniquelocal'].includes(part))) {
    throw new Error(`TRUST_PROXY: not a hop count or a list of addresses: ${text}`);
  }
  return parts.join(',');
}
