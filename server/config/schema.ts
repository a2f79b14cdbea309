import type { NewsletterProvider, NewsletterTracking } from '../../common/services';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** What a setting that is not set becomes. */
export type Missing<T> =
  /** Its default, read as if it had been given; one warning names it (or `says`, when that is clearer). */
  | { use: string; says?: string }
  /** A value no text stands for (null: the feature is off); one warning names `says`, none without it. */
  | { value: T; says?: string }
  /** Start-up stops: this setting must be given here. */
  | { refuse: string };

/**
 * What a newsletter provider module says of its settings (server/newsletter/providers/): the
 * shapes of its key and list, its API address, what it can record. Start-up checks them, so a
 * typo stops it instead of every sync failing.
 */
export interface NewsletterProviderRules {
  /** NEWSLETTER_PROVIDER_KEY beyond "no spaces": why this key cannot be one, or null. Never repeats the key. */
  refuseKey?(key: string): string | null;
  /** How the documentation describes the key, when it has a shape of its own. */
  keyShown?: string;
  /** NEWSLETTER_PROVIDER_LIST: its shape, what a refusal calls it ("a brevo list id (a whole number)"), and how the documentation shows it. */
  list: { pattern: RegExp; is: string; shown: string };
  /** NEWSLETTER_PROVIDER_URL when it is not set: the provider's own address, or why none can be taken. */
  url(key: string): { use: string } | { refuse: string };
  /** How the documentation shows that default. */
  urlShown: string;
  /** What the tool can be set to record of opens and clicks, its own default first (common/services.ts). */
  tracking: readonly [NewsletterTracking, ...NewsletterTracking[]];
}

/** What the settings are read and documented with besides the environment. */
export interface SettingsContext {
  /** Each newsletter provider's settings (server/newsletter/providers/index.ts). */
  newsletterProviders: Readonly<Record<NewsletterProvider, NewsletterProviderRules>>;
}

/** The settings read so far, and what the reading was asked for. */
export interface Reader extends SettingsContext {
  <T>(setting: Setting<T>): T;
  /** The name of the setting being read, for its messages. */
  readonly setting: string;
  /** False for what serves no one (write-site): where the server listens does not matter there. */
  readonly listens: boolean;
}

/** One environment variable: its name, its documentation, what it is when missing, how its text is read. */
export interface Setting<T> {
  readonly name: string;
  /** What it is, its values, what unset means: the settings table and .env.example (Markdown code spans). */
  readonly doc: string | ((context: SettingsContext) => string);
  /** The default as the table shows it. */
  readonly shown: string;
  /** Another setting this one belongs to: it may be set only when that one is, and is null when that one is not. */
  readonly needs?: Setting<unknown>;
  /** Read but not documented (a switch of the test suite). */
  readonly internal?: boolean;
  readonly missing: Missing<T> | ((read: Reader) => Missing<T>);
  /** Its trimmed text, not empty, as a value; a malformed one throws a ConfigError saying what is wrong. */
  readonly parse: (text: string, read: Reader) => T;
}

/** One value of the configuration made from several settings read together. */
export interface Group<T> {
  readonly settings: readonly Setting<unknown>[];
  readonly value: (read: Reader) => T;
}

export const setting = <T>(spec: Setting<T>): Setting<T> => spec;
export const group = <T>(settings: readonly Setting<unknown>[], value: (read: Reader) => T): Group<T> => ({
  settings,
  value,
});

export type Schema = Readonly<Record<string, Setting<unknown> | Group<unknown>>>;

/** The configuration a schema reads: one property per entry. */
export type ConfigOf<S extends Schema> = {
  -readonly [K in keyof S]: S[K] extends Setting<infer T> ? T : S[K] extends Group<infer T> ? T : never;
};

const isGroup = (entry: Setting<unknown> | Group<unknown>): entry is Group<unknown> => 'settings' in entry;

/** Every setting of a schema, in the order they are read and documented. */
export const settingsOf = (schema: Schema): Setting<unknown>[] =>
  Object.values(schema).flatMap((entry) => (isGroup(entry) ? [...entry.settings] : [entry]));

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads `schema` from `env`, in its order. A missing setting gets its default and one warning
 * naming both; a malformed one, or one set without the setting it needs, throws a ConfigError.
 */
export function readSchema<S extends Schema>(
  schema: S,
  env: Env,
  warn: (message: string) => void,
  options: SettingsContext & { listens: boolean },
): ConfigOf<S> {
  const all = settingsOf(schema);
  const values = new Map<Setting<unknown>, unknown>();
  const textOf = (entry: Setting<unknown>) => env[entry.name]?.trim() ?? '';
  const readerFor = (name: string) =>
    Object.assign(
      <T>(entry: Setting<T>): T => {
        if (!values.has(entry)) throw new Error(`${entry.name} is read before it has been`);
        return values.get(entry) as T;
      },
      options,
      { setting: name },
    ) as Reader;

  const readOne = (entry: Setting<unknown>): unknown => {
    const read = readerFor(entry.name);
    if (entry.needs && !textOf(entry.needs)) return null;
    const text = textOf(entry);
    if (text) return entry.parse(text, read);
    const strays = all.filter((other) => other.needs === entry && textOf(other)).map((other) => other.name);
    if (strays.length > 0) {
      throw new ConfigError(
        `${strays.join(', ')} ${strays.length > 1 ? 'are' : 'is'} set but ${entry.name} is not: set ${entry.name}, or remove ${strays.length > 1 ? 'them' : 'it'}`,
      );
    }
    const missing = typeof entry.missing === 'function' ? entry.missing(read) : entry.missing;
    if ('refuse' in missing) throw new ConfigError(missing.refuse);
    if ('use' in missing) {
      warn(`${entry.name} is not set; using ${missing.says ?? missing.use}.`);
      return entry.parse(missing.use, read);
    }
    if (missing.says !== undefined) warn(`${entry.name} is not set; using ${missing.says}.`);
    return missing.value;
  };

  const config: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(schema)) {
    for (const member of isGroup(entry) ? entry.settings : [entry]) values.set(member, readOne(member));
    config[key] = isGroup(entry) ? entry.value(readerFor(key)) : values.get(entry);
  }
  return config as ConfigOf<S>;
}
