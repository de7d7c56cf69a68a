/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_HELP_DESK_URL?: string;
  readonly VITE_SUPPORT_WEBSITE?: string;
  readonly VITE_SUPPORT_PHONE?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_COPYRIGHT_HOLDER?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
