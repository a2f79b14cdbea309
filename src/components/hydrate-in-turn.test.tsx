import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IdScopeProvider } from '../hooks/use-stable-id';
import { HydrateInTurn } from './hydrate-in-turn';
import { TextInput } from './text-field';

function Page({ firstPartFields }: { firstPartFields: number }) {
  return (
    <IdScopeProvider root>
      <HydrateInTurn>
        <div>
          {Array.from({ length: firstPartFields }, (_, index) => (
            <TextInput key={index} label={`First part ${index}`} />
          ))}
        </div>
      </HydrateInTurn>
      <HydrateInTurn>
        <div>
          <TextInput label="Second part" />
        </div>
      </HydrateInTurn>
      <TextInput label="After the parts" />
    </IdScopeProvider>
  );
}

const idOf = (html: string, label: string) => new RegExp(`<label for="([^"]+)"[^>]*>${label}`).exec(html)?.[1];

describe('HydrateInTurn', () => {
  it('renders its content at once outside the first hydration', () => {
    render(<Page firstPartFields={1} />);
    expect(screen.getByRole('textbox', { name: 'First part 0' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Second part' })).toBeInTheDocument();
  });

  it('gives every part ids of its own, so one part rendering more or later leaves the others’ ids alone', () => {
    const fewer = renderToString(<Page firstPartFields={1} />);
    const more = renderToString(<Page firstPartFields={3} />);
    expect(idOf(more, 'Second part')).toBe(idOf(fewer, 'Second part'));
    expect(idOf(more, 'After the parts')).toBe(idOf(fewer, 'After the parts'));

    const ids = ['First part 0', 'First part 1', 'First part 2', 'Second part', 'After the parts'].map((label) => idOf(more, label));
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('counts every page from zero, however many were rendered before', () => {
    expect(renderToString(<Page firstPartFields={2} />)).toBe(renderToString(<Page firstPartFields={2} />));
  });
});
