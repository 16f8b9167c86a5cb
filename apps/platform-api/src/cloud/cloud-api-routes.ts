import {
  type Bundle,
  bundleUploadRequestSchema,
  CLOUD_PATHS,
  type CloudEnvironment,
  environmentLookupRequestSchema,
  MAX_BUNDLE_BYTES,
} from '@platform/platform-contract';
import express, { type RequestHandler, type Response, Router } from 'express';
import type { AppContext } from '../context';
import { parseOrThrow } from '../errors';
import { cloudApiErrorHandler } from './cloud-api-errors';
import { bundleParamsSchema, environmentParamsSchema, logsQuerySchema } from './cloud-api-schemas';
import { cloudCaller, requireCloudLogin } from './cloud-bearer-auth';
import { getBundle, listBundles, uploadBundle } from './cloud-bundles-service';
import {
  type CustomizableEnvironment,
  customizableEnvironment,
  listCustomizableEnvironments,
  lookupEnvironmentBySecret,
} from './cloud-environments-service';
import { BundleTooLargeError } from './cloud-errors';
import { readIntrospection } from './cloud-introspection-service';
import { readLogLines } from './cloud-logs-service';

/**
 * A bundle travels as a JSON string, where escapes (`\n`, `\"`) lengthen the code: room for twice
 * MAX_BUNDLE_BYTES. The code's own size is checked once parsed (BundleTooLargeError).
 */
const BUNDLE_BODY_LIMIT = 2 * MAX_BUNDLE_BYTES + 64 * 1024;
const LOOKUP_BODY_LIMIT = '16kb';

/** CLOUD_PATHS relative to the router's mount point, CLOUD_PATHS.environments (the tests call CLOUD_PATHS). */
const PATHS = {
  lookup: CLOUD_PATHS.environmentLookup.slice(CLOUD_PATHS.environments.length),
  introspection: '/:environmentId/introspection',
  bundles: '/:environmentId/bundles',
  bundle: '/:environmentId/bundles/:version',
  logs: '/:environmentId/logs',
} as const;

/**
 * The cloud CLI's JSON routes under CLOUD_PATHS.environments (docs/cloud.md, "Endpoints"), behind
 * the access token of a login (cloud-bearer-auth.ts); each `:environmentId` route first checks that
 * the caller may customize that environment. Bodies are parsed per route, after those checks.
 */
export function cloudApiRoutes(context: AppContext): Router {
  const router = Router();
  router.use(requireCloudLogin(context));

  router.get('/', async (_req, res) => {
    const environments: CloudEnvironment[] = await listCustomizableEnvironments(context, cloudCaller(res).user.id);
    res.json({ environments });
  });

  router.post(PATHS.lookup, express.json({ limit: LOOKUP_BODY_LIMIT }), async (req, res) => {
    const { environmentSecret } = parseOrThrow(environmentLookupRequestSchema, req.body, 'body');
    const environment: CloudEnvironment = await lookupEnvironmentBySecret(
      context,
      cloudCaller(res).user.id,
      environmentSecret,
    );
    res.json(environment);
  });

  // Each route of one environment checks first that the caller may customize it (404/409/403).
  const customizable = checkEnvironment(context);

  router.get(PATHS.introspection, customizable, async (_req, res) => {
    res.json(await readIntrospection(context, environmentOf(res).id));
  });

  router.post(PATHS.bundles, customizable, bundleBody(), async (req, res) => {
    const upload = parseOrThrow(bundleUploadRequestSchema, req.body, 'body');
    const bundle: Bundle = await uploadBundle(context, environmentOf(res), cloudCaller(res).user, upload);
    res.status(201).json(bundle);
  });

  router.get(PATHS.bundles, customizable, async (_req, res) => {
    res.json({ bundles: await listBundles(context, environmentOf(res).id) });
  });

  router.get(PATHS.bundle, customizable, async (req, res) => {
    const { version } = parseOrThrow(bundleParamsSchema, req.params, 'params');
    res.json(await getBundle(context, environmentOf(res).id, version));
  });

  router.get(PATHS.logs, customizable, async (req, res) => {
    const query = parseOrThrow(logsQuerySchema, req.query, 'query');
    res.json(await readLogLines(context, environmentOf(res).id, query));
  });

  router.use(cloudApiErrorHandler());
  return router;
}

/** Leaves the path's `:environmentId` on `res.locals` when the caller may customize it. */
function checkEnvironment(context: AppContext): RequestHandler {
  return async function checkCloudEnvironment(req, res, next) {
    const { environmentId } = parseOrThrow(
      environmentParamsSchema,
      { environmentId: req.params.environmentId },
      'params',
    );
    res.locals.cloudEnvironment = await customizableEnvironment(context, cloudCaller(res).user.id, environmentId);
    next();
  };
}

function environmentOf(res: Response): CustomizableEnvironment {
  const environment: unknown = res.locals.cloudEnvironment;
  if (!environment) throw new Error('environmentOf called on a route without checkEnvironment');
  return environment as CustomizableEnvironment;
}

/** The JSON parser of uploads: a body past its limit is a BundleTooLargeError too. */
function bundleBody(): RequestHandler {
  const parse = express.json({ limit: BUNDLE_BODY_LIMIT });
  return function parseBundleBody(req, res, next) {
    parse(req, res, (error?: unknown) => {
      if ((error as { type?: unknown } | undefined)?.type === 'entity.too.large') {
        next(
          new BundleTooLargeError(
            `The upload is larger than the platform reads (${BUNDLE_BODY_LIMIT} bytes); a bundle may hold at most ${MAX_BUNDLE_BYTES} bytes (5 MB) of code.`,
          ),
        );
        return;
      }
      next(error);
    });
  };
}
