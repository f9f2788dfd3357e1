/** The named routes live in the contract (shared-contracts/src/routes.ts) so remotes build links from the same map. */
export { NAMED_ROUTES, routePath, type RouteName } from 'shared-contracts';
