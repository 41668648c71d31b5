import type { MachineClient } from '../../../shared/flows/client-credentials-flow';
import { endpointUrl } from '../../../shared/flows/common';
import { DEFAULT_DEVICE_AUTHORIZATION_PATH } from '../../../shared/flows/device-flow';
import { CLIENT_GRANTS } from '../../../shared/flows/driver/registry';
import type { Profile } from '../../../shared/store/profile';
import type { RendererDeps } from '../../app/deps';
import { createGrantStore } from './grant-store';

/** A machine client from the profile's OAuth 2 settings, at the base URL the flow starts at. */
const machineClientOf = (p: Profile, baseUrl: string): MachineClient => ({
  baseUrl,
  tokenUrl: endpointUrl(baseUrl, p.oauth2.tokenPath),
  clientId: p.oauth2.clientId,
  clientSecret: p.oauth2.clientSecret,
  authentication: p.oauth2.clientAuthentication,
  apiPath: p.oauth2.apiPath,
  headers: p.headers,
});

/** The client credentials page's store: the profile's scope to start with; resources and audience typed on the page. */
export const createClientCredentialsStore = (deps: RendererDeps) =>
  createGrantStore(deps, CLIENT_GRANTS.client_credentials, (p, baseUrl) => ({
    ...machineClientOf(p, baseUrl),
    scope: p.oauth2.scope || null,
    resources: [],
    audience: null,
  }));

export const createDeviceStore = (deps: RendererDeps) =>
  createGrantStore(deps, CLIENT_GRANTS.device_code, (p, baseUrl) => ({
    ...machineClientOf(p, baseUrl),
    deviceAuthorizationUrl: endpointUrl(baseUrl, DEFAULT_DEVICE_AUTHORIZATION_PATH),
    scope: p.oauth2.scope || null,
  }));
