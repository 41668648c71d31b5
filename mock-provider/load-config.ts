import { ConfigError, configSchemaFor, describeIssues, type ProviderConfig } from './config';
import { GRANT_TYPES } from './grants/registry';

/**
 * The configuration as the mock loads it (config.ts's schema, its clients' grant types those of grants/): from a
 * parsed value, from a file's text, or the built-in one.
 */
export const configSchema = configSchemaFor(GRANT_TYPES);

/** Validates a parsed JSON value; the error lists each wrong field with its path and what is expected. */
export function parseConfig(value: unknown, source = 'the configuration'): ProviderConfig {
  const result = configSchema.safeParse(value ?? {});
  if (!result.success) throw new ConfigError(describeIssues(source, result.error));
  return result.data;
}

/** Parses the text of a JSON config file, naming the file and the JSON error. */
export function parseConfigText(text: string, source: string): ProviderConfig {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new ConfigError(`${source} is not valid JSON: ${(e as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ConfigError(
      `${source} must contain a JSON object such as {"users":[{"username":"demo","password":"demo"}]}.`
    );
  return parseConfig(value, source);
}

export const defaultConfig = (): ProviderConfig => parseConfig({});
