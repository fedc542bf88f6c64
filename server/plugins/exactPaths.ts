import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * A route is reached only by its own spelling. The router decodes a path before it matches it, so
 * `/%61pi/main/customer/getBalance` runs the handler of `/api/main/customer/getBalance`, while anything
 * that looks at the address (a limit's allow-list, the security headers) sees another path. A request
 * whose path is not written exactly as a route without parameters is declared (percent-encoded letters,
 * and whatever else a router might one day decode or fold) is answered as an unknown address, before
 * any limit counts it or any handler runs. Routes with a parameter (`/media/avatar/:key`, the static
 * files' `/*`) may carry encoded text in it; their limits are keyed on the route (`routeOf`).
 */

/** The route the router runs for a request, as it was declared (`/api/main/customer/getBalance`); '' for none. */
export function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? '';
}

const hasParameter = (route: string) => route.includes(':') || route.includes('*');

/** The path of the request as the client wrote it, without its query. */
function writtenPath(request: FastifyRequest): string {
  const url = request.raw.url ?? '';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

export function exactPaths(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const route = routeOf(request);
    if (route === '' || hasParameter(route) || writtenPath(request) === route) {
      done();
      return;
    }
    request.log.info({ path: writtenPath(request), route }, 'a route spelled another way answered as unknown');
    reply.callNotFound();
  });
}
