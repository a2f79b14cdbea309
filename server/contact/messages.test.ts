import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { company } from '../../common/company';
import { contactForm, type ContactMessage } from '../../common/forms/contact-form';
import { columnOf, visibleFields } from '../../common/forms/form-fields';
import { defaultLanguage } from '../../common/languages';
import { addressHasher } from '../privacy/address-hash';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { storeContactMessage } from './messages';

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.destroy();
});

const kept = contactForm.fields.filter((field) => field.kept);

// A field added to the form without the migration that adds its column fails here, naming the column.
it('has a column in contact_messages for every field the form keeps, after the migrations', async () => {
  const tables = await database.handle.db.introspection.getTables();
  const columns = tables.find((table) => table.name === 'contact_messages')?.columns.map((column) => column.name);
  expect(kept.map((field) => columnOf(field.name)).filter((column) => !columns?.includes(column))).toEqual([]);
});

it('stores every field the form keeps in its column and mails it to the company with its label', async () => {
  const message = Object.fromEntries(
    visibleFields(contactForm).map((field) => [
      field.name,
      field.control.type === 'email' ? `${field.name}@cocoa-coop.example` : `${field.name} of Amara`,
    ]),
  ) as ContactMessage;
  const { db } = database.handle;
  await storeContactMessage(db, message, defaultLanguage, {
    mailFrom: 'site@westbridge.example',
    contactTo: 'inbox@westbridge.example',
    hash: addressHasher(Buffer.alloc(32, 1)),
    host: 'www.westbridge.example',
  });
  const [row] = await db.selectFrom('contact_messages').selectAll().execute();
  const [mail] = await db.selectFrom('outbox').selectAll().execute();
  const labels = JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, `../../src/content/locales/${company.workingLanguage}/contact-form.json`),
      'utf8',
    ),
  ) as { fields: Record<string, string> };
  for (const field of kept) {
    const value = message[field.name as keyof ContactMessage];
    expect(row?.[columnOf(field.name) as keyof typeof row], field.name).toBe(value);
    expect(JSON.stringify(mail), field.name).toContain(labels.fields[field.name]);
    expect(JSON.stringify(mail), field.name).toContain(value);
  }
});
