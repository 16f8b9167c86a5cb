export { createPublicApiDocument } from './openapi/public-api-document';
export { PUBLIC_API_PREFIX, publicApiRouter } from './public-api-router';
