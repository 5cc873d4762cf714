/** Rendering an auth screen the way the view tests need it: on its route, with the user and the controls by name. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';

/** Renders the screen on `route`; returns the user who drives it. */
export function renderScreen(route: string, element: ReactElement) {
  render(<MemoryRouter initialEntries={[route]}>{element}</MemoryRouter>);
  return userEvent.setup();
}

export const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
export const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
