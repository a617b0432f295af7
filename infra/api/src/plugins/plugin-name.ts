const DISPLAY_NAME = Symbol.for('fastify.display-name');

/**
 * Gives a plugin the name fastify would otherwise look for on every registration: lacking one, it
 * scans every loaded module for the one exporting the plugin, which under jest's module registry
 * costs more than registering the routes themselves (and tests build hundreds of apps).
 */
export function named<T extends (...args: never[]) => unknown>(plugin: T, name: string = plugin.name): T {
  const target = plugin as T & { [DISPLAY_NAME]?: string };
  target[DISPLAY_NAME] ??= name;
  return plugin;
}
