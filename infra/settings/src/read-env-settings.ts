import { envSchema, type EnvName, type EnvSettings } from './env-schema';

/** An environment as process.env holds it (or a test writes it). */
export type EnvInput = Readonly<Record<string, string | undefined>>;

/** Every invalid variable of one environment, one line each. */
export class EnvSettingsError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`${problems.length === 1 ? 'An environment variable is' : `${problems.length} environment variables are`} invalid:\n  - ${problems.join('\n  - ')}`);
    this.name = 'EnvSettingsError';
  }
}

function problemOf(name: string, message: string): string {
  if (message.startsWith(name)) return message;
  return /^must\b/.test(message) ? `${name} ${message}` : `${name}: ${message}`;
}

const NAMES = Object.keys(envSchema.shape) as EnvName[];

/**
 * The settings of this process, parsed once from its environment (an entry point passes nothing and
 * gets process.env's). An empty value counts as unset; other variables are ignored. Throws one
 * EnvSettingsError that lists every invalid variable with its reason.
 */
export function readEnvSettings(env: EnvInput = process.env): EnvSettings {
  const input: Partial<Record<EnvName, string>> = {};
  for (const name of NAMES) {
    const value = env[name];
    if (value !== undefined && value !== '') input[name] = value;
  }
  const result = envSchema.safeParse(input);
  if (result.success) return result.data;
  throw new EnvSettingsError(result.error.issues.map((issue) => problemOf(String(issue.path[0] ?? ''), issue.message)));
}
