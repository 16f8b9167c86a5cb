import { CLOUD_PATHS } from '@platform/platform-contract';
import { Router } from 'express';
import type { AppContext } from '../context';
import { cloudApiRoutes } from './cloud-api-routes';
import { cloudDeviceRoutes } from './cloud-device-routes';
import { cloudOAuthRoutes } from './cloud-oauth-routes';

/**
 * Everything the cloud CLI calls (docs/cloud.md): the OAuth routes of its sign-in, the device page
 * where the user approves it, and the JSON routes under `/cloud/v1/environments`. Mounted before
 * the app's JSON parser: each route reads its own body, after its rate limit or its token check.
 */
export function cloudRoutes(context: AppContext): Router {
  const router = Router();
  router.use(cloudOAuthRoutes(context));
  router.use(cloudDeviceRoutes(context));
  router.use(CLOUD_PATHS.environments, cloudApiRoutes(context));
  return router;
}
