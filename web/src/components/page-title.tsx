import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { APP_NAME } from '@/lib/constants';

interface PageTitleContextValue {
  title: string;
  setTitle: (title: string | null) => void;
}

const PageTitleContext = createContext<PageTitleContextValue>({ title: APP_NAME, setTitle: () => undefined });

/** Holds the toolbar title; it defaults to the product's name (spec part 1, section 1). */
export function PageTitleProvider({ children }: { children: ReactNode }) {
  const [custom, setCustom] = useState<string | null>(null);
  const value = useMemo(() => ({ title: custom ?? APP_NAME, setTitle: setCustom }), [custom]);
  return <PageTitleContext.Provider value={value}>{children}</PageTitleContext.Provider>;
}

export function useToolbarTitle(): string {
  return useContext(PageTitleContext).title;
}

/** Sets the toolbar and document title while the calling page is shown. */
export function usePageTitle(title: string | null): void {
  const { setTitle } = useContext(PageTitleContext);
  useEffect(() => {
    setTitle(title);
    document.title = title ? `${title} - ${APP_NAME}` : APP_NAME;
    return () => {
      setTitle(null);
      document.title = APP_NAME;
    };
  }, [title, setTitle]);
}
