import { z } from 'zod';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Where the embedded PGlite database lives (ignored when DATABASE_URL is set). */
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  /** Public address of this store, used in links the server builds (payment redirects, share metadata). */
  PUBLIC_URL: z.string().url().optional(),
  /** Load the demo catalog on first start (default yes). */
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  /** Seconds public catalog answers are cached in each instance's memory (0 = off). */
  CATALOG_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof schema>;

/** Reads the environment once; a wrong value stops start-up with a sentence naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`The store cannot start: the configuration is wrong.\n${lines.join('\n')}`);
  }
  return parsed.data;
}
