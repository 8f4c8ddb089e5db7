interface ImportMetaEnv {
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The year the app was built (vite.config.ts): what the prerendered landing page's footer shows. */
declare const __BUILD_YEAR__: number;
