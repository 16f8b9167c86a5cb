export { createPublicApiDocument } from './openapi/public-api-document';
export { PUBLIC_API_PREFIX, publicApiRouter } from './public-api-router';
export { closeRateLimitStores } from './rate-limit/rate-limit-store';
