/**
 * The editor's own widgets: Decap's one-line and multi-line text inputs with the guards of
 * common/text-guards.ts (a refused text shows its message under the input before any save),
 * and "shown" for texts an editor reads but does not change (the legal pages).
 */
import { Component, createElement, type ComponentType } from 'react';
import { isLanguage } from '../../common/languages';
import { textProblems } from '../../common/text-guards';
import type { FieldGuard, PublishedTexts, TextValue } from './cms-config';
import { guardOf, resolveText } from './save-check';

/** The part of Decap's Immutable field configuration the widgets read. */
interface FieldConfig {
  get(key: 'guard'): { toJS(): FieldGuard } | undefined;
  get(key: string): unknown;
}

export interface ControlProps {
  value?: string;
  field: FieldConfig;
  locale?: string;
  forID: string;
  classNameWrapper: string;
  onChange: (value: string) => void;
  setActiveStyle: () => void;
  setInactiveStyle: () => void;
}

type Validity = true | { error: { type: string; message: string } };

/** A text input that refuses what the guards refuse, with their message. */
export function guardedControl(
  Input: ComponentType<ControlProps>,
  published: PublishedTexts,
): ComponentType<ControlProps> {
  return class GuardedControl extends Component<ControlProps> {
    /** Decap asks every input before it saves (its Widget's validate()). */
    isValid = (): Validity => {
      const { field, locale, value = '' } = this.props;
      const guard = field.get('guard')?.toJS();
      if (!guard || !isLanguage(locale)) return true;
      const textGuard = guardOf(guard.ns, guard.key, locale, published, guard.limit);
      // A list's item (its key names the list): its own marks are the ones it has.
      const withSource = textGuard.source === '' ? { ...textGuard, source: value } : textGuard;
      const own = (published[locale][guard.ns] ?? {}) as TextValue;
      const problems = textProblems(value, locale, withSource, (text) =>
        resolveText(text, locale, guard.ns, own, published),
      );
      return problems.length === 0 ? true : { error: { type: 'CUSTOM', message: problems.join(' ') } };
    };

    override render() {
      return createElement(Input, this.props);
    }
  };
}

/** A text shown as it is, kept unchanged: the legal pages, and shapes without inputs. */
export function ShownControl({ value, forID }: { value?: unknown; forID: string }) {
  const plain = (item: unknown): string[] =>
    typeof item === 'string'
      ? [item]
      : Array.isArray(item)
        ? item.flatMap(plain)
        : item && typeof item === 'object'
          ? Object.values(item as Record<string, unknown>).flatMap(plain)
          : [];
  const data = value && typeof value === 'object' && 'toJS' in value ? (value as { toJS(): unknown }).toJS() : value;
  return (
    <div id={forID} style={{ whiteSpace: 'pre-wrap', padding: '12px', opacity: 0.85 }}>
      {plain(data).join('\n\n')}
    </div>
  );
}
