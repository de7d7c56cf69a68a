import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { APP_NAME } from '@/lib/constants';

type SetTitle = (title: string | null) => void;

// Two contexts: the pages only set the title, so a new title redraws the toolbar's text and not
// the pages and the shell (issue 17: each page's first render was drawn twice, the second time
// from its own title).
const TitleContext = createContext<string>(APP_NAME);
const SetTitleContext = createContext<SetTitle>(() => undefined);

/** Holds the toolbar title; it defaults to the product's name (spec part 1, section 1). */
export function PageTitleProvider({ children }: { children: ReactNode }) {
  const [custom, setCustom] = useState<string | null>(null);
  return (
    <SetTitleContext.Provider value={setCustom}>
      <TitleContext.Provider value={custom ?? APP_NAME}>{children}</TitleContext.Provider>
    </SetTitleContext.Provider>
  );
}

export function useToolbarTitle(): string {
  return useContext(TitleContext);
}

/** Sets the toolbar and document title while the calling page is shown. */
export function usePageTitle(title: string | null): void {
  const setTitle = useContext(SetTitleContext);
  useEffect(() => {
    setTitle(title);
    document.title = title ? `${title} - ${APP_NAME}` : APP_NAME;
    return () => {
      setTitle(null);
      document.title = APP_NAME;
    };
  }, [title, setTitle]);
}
