/**
 * The services' settings check: each service describes its environment with one schema (TypeBox in the
 * services) and reads it once at start through env-schema (Ajv; numbers and booleans coerced from their text).
 * A bad value stops the start with the setting's name and value, `PORT must be integer (got "eighty")`, where it
 * used to become NaN. A setting left empty (`NAME=`) counts as unset; settings the schema does not name are kept.
 */
import envSchema from 'env-schema';

export function checkEnv<T>(schema: object, env: NodeJS.ProcessEnv): T {
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  try {
    return envSchema<T>({ schema, data: given, env: false, dotenv: false });
  } catch (error) {
    const issues = (error as { errors?: { instancePath: string; message?: string }[] }).errors;
    if (!issues) throw error;
    const lines = issues.map(({ instancePath, message }) => {
      const name = instancePath.replace(/^\//, '');
      return `${name} ${message ?? 'is not valid'} (got ${JSON.stringify(given[name])})`;
    });
    throw new Error(`Invalid settings: ${lines.join('; ')}`, { cause: error });
  }
}
