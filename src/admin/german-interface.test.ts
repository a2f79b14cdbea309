import { describe, expect, it } from 'vitest';
import { germanInterface, missingPhrases } from './german-interface';

/** What the editor does not use: Decap's notes, the Markdown and rich-text editors, the toasts of notes. */
const notUsed = ['editor.editorNotesPane', 'editor.editorWidgets.markdown', 'ui.toast.note', 'ui.toast.onFailTo'];

describe('the editor’s German interface', () => {
  it('has a German phrase for every English one Decap has, where the editor uses it', () => {
    expect(missingPhrases(notUsed).filter((key) => !/Note|note/.test(key))).toEqual([]);
  });

  it('names the buttons that open and close a group, for screen readers too', () => {
    const object = (
      (germanInterface.editor as Record<string, unknown>).editorWidgets as Record<string, Record<string, string>>
    ).object;
    expect(object).toEqual({ expand: 'Aufklappen', collapse: 'Zuklappen' });
  });
});
