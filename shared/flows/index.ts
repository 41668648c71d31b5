export * as oauth1Flow from './oauth1-flow';
export * as oauth2Flow from './oauth2-flow';
export * from './common';
export * from './extra-headers';
export * from './profile-config';
export * from './pasted-url';
export * from './bearer-call';
