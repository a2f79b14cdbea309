/**
 * Decap fields made from a zod schema (its JSON Schema, `z.toJSONSchema`): the editor's forms for
 * data whose shape a schema gives, the company's facts and the pictures. A property's `title` is
 * its label, `description` its hint, `enum` a choice (labelled by `optionLabels`), a number a
 * number, an object its fields. A schema says it once; the editor follows.
 */
import { z } from 'zod';

interface JsonSchema {
  type?: string;
  title?: string;
  description?: string;
  enum?: string[];
  optionLabels?: Record<string, string>;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  pattern?: string;
  format?: string;
  items?: JsonSchema;
  /** A nullable value (`.nullable()`): the value's schema and `{ type: 'null' }`. */
  anyOf?: JsonSchema[];
}

export interface SchemaField {
  name: string;
  label: string;
  widget: string;
  hint?: string;
  required?: boolean;
  options?: { label: string; value: string }[];
  value_type?: 'int' | 'float';
  min?: number;
  max?: number;
  fields?: SchemaField[];
  /** The image widget: which files an editor may pick or upload. */
  media_folder?: string;
  public_folder?: string;
  choose_url?: boolean;
  media_library?: { config: { max_file_size: number } };
  collapsed?: boolean;
}

function fieldOf(name: string, property: JsonSchema, present: boolean): SchemaField {
  // A value that may be null (the data-protection officer) is a field an editor may leave empty.
  const value = property.anyOf?.find((option) => option.type !== 'null');
  if (value) {
    const field = fieldOf(name, { ...value, title: property.title, description: property.description }, false);
    return {
      ...field,
      ...(field.fields ? { fields: field.fields.map((inner) => ({ ...inner, required: false })) } : {}),
    };
  }
  // Decap's "required" means "not empty": a text the schema lets be empty (a credit) is not required.
  const mayBeEmpty =
    property.type === 'string' && !property.minLength && !property.pattern && !property.format && !property.enum;
  const base = {
    name,
    label: property.title ?? name,
    ...(property.description ? { hint: property.description } : {}),
    required: present && !mayBeEmpty,
  };
  if (property.enum) {
    const labels = property.optionLabels ?? {};
    return {
      ...base,
      widget: 'select',
      options: property.enum.map((value) => ({ label: labels[value] ?? value, value })),
    };
  }
  if (property.type === 'integer' || property.type === 'number') {
    return {
      ...base,
      widget: 'number',
      value_type: property.type === 'integer' ? 'int' : 'float',
      ...(property.minimum !== undefined ? { min: property.minimum } : {}),
      ...(property.maximum !== undefined ? { max: property.maximum } : {}),
    };
  }
  if (property.type === 'object') return { ...base, widget: 'object', fields: fieldsOfJsonSchema(property) };
  return { ...base, widget: 'string' };
}

function fieldsOfJsonSchema(schema: JsonSchema): SchemaField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => fieldOf(name, property, required.has(name)));
}

/** The fields of an object schema, in its order. */
export function schemaFields(schema: z.ZodType): SchemaField[] {
  return fieldsOfJsonSchema(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
}

/** A value's problems as the schema words them, each with its field's label path: "Telefon: …". */
export function schemaProblems(schema: z.ZodType, value: unknown): string[] {
  return schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
}
