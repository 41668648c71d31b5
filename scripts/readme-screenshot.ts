// `npm run screenshot`: the README's screenshot (docs/screenshot.png), taken as a user first sees the app: the
// OAuth 1.0a page after step one, 1280x800, light. Needs the built page (npm run build) and Debian's Chromium.
import { startApp } from '../test/e2e/app';
import { launchChromium } from '../test/e2e/browser';

const app = await startApp();
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
  await page.goto(app.url);
  await page.getByRole('button', { name: 'Start the OAuth 1.0a flow' }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByText(/Request token .* received\./).waitFor();
  await page.screenshot({ path: 'docs/screenshot.png' });
  console.log('Wrote docs/screenshot.png');
} finally {
  await browser.close();
  await app.close();
}
