/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_COPYRIGHT_HOLDER?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
