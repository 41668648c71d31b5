import { pageStore } from '../../app/page-store';
import { createSignerStore } from '../../state/signer/signer-store';

// The form and the last response survive leaving the page.
export const useSigner = pageStore(createSignerStore);
