import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument, type RouteDoc } from './openapi';
import { eachUseCase } from './use-case-registry';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/**
 * The OpenAPI document at /api/openapi.json and Swagger UI at /api/docs. The document is built
 * once from the declarations (static mode), never from Fastify's route schemas, so serializing an
 * answer can never drop a field the document forgot.
 */
export async function registerApiDocs(app: FastifyInstance, handWritten: RouteDoc[]) {
  const document = buildOpenApiDocument(eachUseCase(), handWritten);
  // Swagger UI redirects static/index.html to its page, but with a query string its redirect
  // names the same URL again (an endless loop): answer that path here, query or not.
  const uiIndex = `${DOCS_PATH}/static/index.html`;
  app.addHook('onRequest', (request, reply, done) => {
    // Answered here, so `done` is not called (and nothing is returned: a Reply is thenable).
    if (request.url.startsWith(uiIndex) && request.url.split('?')[0] === uiIndex)
      void reply.redirect(`${DOCS_PATH}/`);
    else done();
  });
  await app.register(swagger, { mode: 'static', specification: { document } });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  app.get(OPENAPI_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(document),
  );
}
