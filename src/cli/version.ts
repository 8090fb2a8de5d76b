/** The package version (written from package.json by scripts/version.mjs at build time). */
export const VERSION = '0.1.0';
