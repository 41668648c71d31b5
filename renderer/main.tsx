import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createStores, StoresProvider } from './app/stores';
import { getBridge } from './bridge';
import { browserCrypto, browserRandom } from './platform/crypto';
import './styles.css';

const stores = createStores({
  bridge: getBridge(),
  crypto: browserCrypto,
  random: browserRandom,
  now: () => Date.now(),
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StoresProvider stores={stores}>
      <App />
    </StoresProvider>
  </StrictMode>
);
