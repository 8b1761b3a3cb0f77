/// <reference types="vite/client" />

/** The year of the build, defined by Vite (see vite.config.ts). */
declare const __BUILD_YEAR__: number;

interface ImportMetaEnv {
  /** Base address of the API when the front end is hosted apart from it (default: same origin). */
  readonly VITE_API_URL?: string;
}
