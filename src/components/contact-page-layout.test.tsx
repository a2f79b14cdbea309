import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContactPageLayout } from './contact-page-layout';

const parts = {
  formTitle: 'Write to us',
  formIntro: 'Tell us briefly what you need.',
  details: <section aria-label="Contact details" />,
  channels: <section aria-label="Other ways to reach us" />,
};

describe('ContactPageLayout', () => {
  it('puts a form first, under its own heading, and the information beside it', () => {
    render(<ContactPageLayout {...parts} form={<form aria-label="Contact form" />} />);
    const formSection = screen.getByRole('region', { name: 'Write to us' });
    expect(formSection).toContainElement(screen.getByRole('form', { name: 'Contact form' }));
    expect(formSection).toHaveTextContent('Tell us briefly what you need.');
    expect(
      screen.getAllByRole('region').map((region) => region.getAttribute('aria-label') ?? region.textContent),
    ).toEqual(['Write to usTell us briefly what you need.', 'Contact details', 'Other ways to reach us']);
  });
});
