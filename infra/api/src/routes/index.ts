import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { named } from '../plugins/plugin-name';
import { accountArea } from './account';
import { administrationArea } from './administration';
import { backupArea } from './backup';
import { operationsArea } from './operations';
import { supportArea } from './support';
import { usageArea } from './usage';

/**
 * The route plugins, one folder per area (the tags of the OpenAPI document). Each reads
 * `app.services` and registers its routes from the area's descriptors, which also say who may call
 * them.
 */
export const ROUTES_BY_AREA: Record<string, FastifyPluginAsync[]> = {
  account: accountArea,
  support: supportArea,
  backup: backupArea,
  administration: administrationArea,
  operations: operationsArea,
  usage: usageArea,
};

/** The API plugin's last stage: every area's routes, each area in its own encapsulated context. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  for (const [name, plugins] of Object.entries(ROUTES_BY_AREA)) {
    await app.register(
      named(async (area) => {
        for (const plugin of plugins) await area.register(named(plugin));
      }, `${name} routes`),
    );
  }
}
