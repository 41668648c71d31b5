// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { DeviceCodes } from '../../../../renderer/features/machine/DeviceCodes';

/** The device's codes come from the server: shown as text, a link only to an http(s) page, the QR code built here. */
afterEach(cleanup);
const device = (verificationUri: string) => ({
  deviceCode: 'dc',
  userCode: 'WDJB-MJHT',
  verificationUri,
  verificationUriComplete: null,
  expiresIn: 600,
  expiresAt: 1_000_600_000,
  interval: 5,
});

it('an https verification URI is a link; the user code large; a QR code of the URI', () => {
  render(<DeviceCodes device={device('https://example.com/device')} now={() => 1_000_000_000} />);
  expect(screen.getByRole('link', { name: 'https://example.com/device' }).getAttribute('href')).toBe(
    'https://example.com/device'
  );
  expect(screen.getByLabelText('User code').textContent).toBe('WDJB-MJHT');
  expect(screen.getByRole('img', { name: 'QR code for https://example.com/device' }).getAttribute('src')).toMatch(
    /^data:image\/svg\+xml,%3Csvg/
  );
});

it('a javascript: verification URI is shown as text, never a link', () => {
  render(<DeviceCodes device={device('javascript:alert(1)')} now={() => 1_000_000_000} />);
  expect(screen.queryByRole('link')).toBeNull();
  expect(screen.getByText('javascript:alert(1)').tagName).toBe('CODE');
});
