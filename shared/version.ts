/** OAuth Lab's version, as package.json states it (a unit test keeps the two equal); it names the default User-Agent. */
export const APP_VERSION = '0.1.0';
