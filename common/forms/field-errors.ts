import type * as z from 'zod/mini';

/** The result of checking a form: the clean data, or one error key per bad field. */
export type FormCheck<T, F extends string> =
  { success: true; data: T } | { success: false; fields: Partial<Record<F, string>>; unknownFields: boolean };

/**
 * Runs a form schema and keeps the first error key of each field, which is
 * what both the form (translated next to the field) and the API (`fields`) show.
 */
export function checkForm<S extends z.ZodMiniType, F extends string>(
  schema: S,
  input: unknown,
): FormCheck<z.output<S>, F> {
  const result = schema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  const fields: Partial<Record<F, string>> = {};
  let unknownFields = false;
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys' || issue.path.length === 0) {
      unknownFields = true;
      continue;
    }
    const field = String(issue.path[0]) as F;
    fields[field] ??= issue.message;
  }
  return { success: false, fields, unknownFields };
}

/**
 * No control characters at all (no line breaks, tabs, NULs, escapes), no
 * unpaired surrogates (text that is not valid Unicode) and no bidirectional
 * overrides or isolates, which can make a name or subject in the company's
 * inbox read other than it is written: for single-line fields.
 */
export const singleLine = /^[^\p{Cc}\p{Cs}\u202A-\u202E\u2066-\u2069]*$/u;

/**
 * Nothing invisible in a name or subject (docs/decisions/0030-second-round-of-refusals.md):
 * no format characters (zero-width space, LRM/RLM/ALM, BOM, soft hyphen, tags…) but the joiners
 * ZWNJ and ZWJ where Persian names and emoji need them, between two letters, marks or symbols
 * (می‌خواهم, 👩‍💻, ❤️‍🔥), never at an edge or doubled; no line or paragraph separators, and none
 * of the Hangul fillers that show as blanks.
 */
export const visibleText =
  /^(?:[^\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]|(?<=[\p{L}\p{M}\p{S}])[\u200C\u200D](?=[\p{L}\p{M}\p{S}]))*$/u;

/**
 * At least one character that shows: a letter, digit, punctuation mark or
 * symbol that is not one Unicode says to ignore (joiners, variation
 * selectors, Hangul fillers…) nor one drawn as nothing, the blank Braille
 * pattern U+2800 and the musical null notehead U+1D159. Combining marks
 * alone, private-use characters and noncharacters such as U+FFFF show
 * nothing either. A name, a given subject or a message without one is refused.
 */
export const showsSomething = /(?![\p{Default_Ignorable_Code_Point}\u2800\u{1D159}])[\p{L}\p{N}\p{P}\p{S}]/u;

/** Tabs and line feeds allowed, otherwise as `singleLine`: for message text. */
export const multiLine = /^(?:[^\p{Cc}\p{Cs}\u202A-\u202E\u2066-\u2069]|[\t\n])*$/u;

/** Format characters a message does not need: all but the joiners, the direction marks LRM, RLM and ALM, and the bidi controls (refused). */
const strayFormatCharacters = /(?![\u200C-\u200F\u061C\u202A-\u202E\u2066-\u2069])\p{Cf}/gu;

/**
 * A message as it is kept: line breaks as `\n` (CR LF, CR and the Unicode line
 * and paragraph separators), and without the invisible characters that pasted
 * text brings along and no reader misses (zero-width space, BOM, soft hyphen, tags…).
 */
export const normalizeMessage = (text: string) =>
  text.replace(/\r\n?|[\u2028\u2029]/g, '\n').replace(strayFormatCharacters, '');
