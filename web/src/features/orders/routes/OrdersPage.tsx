import Add from '@mui/icons-material/Add';
import Clear from '@mui/icons-material/Clear';
import FilterList from '@mui/icons-material/FilterList';
import Refresh from '@mui/icons-material/Refresh';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Fab from '@mui/material/Fab';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, memo, useCallback, useEffect, useMemo, useState } from 'react';
import { useOrderCount } from '@/api/orders/get-order-count';
import { orderKeys, type OrdersQuery } from '@/api/orders/keys';
import { usePreferences } from '@/api/preferences/get-preferences';
import type { OrdersFilters } from '@/api/preferences/model';
import { useSavePreference } from '@/api/preferences/save-preference';
import { FilterCountBadge } from '@/components/FilterCountBadge';
import { OnceOpened } from '@/components/form/once-opened';
import { DeferredTooltip } from '@/components/DeferredTooltip';
import { PageContainer } from '@/components/PageContainer';
import { VisuallyHidden } from '@/components/VisuallyHidden';
import { usePageTitle } from '@/components/page-title';
import { cappedCount, countOf } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useSettledText } from '@/lib/settled-text';
import { orderStatusesQueryOptions } from '../api/get-order-statuses';
import { useOrdersList } from '../api/get-orders';
import { EqualTabs } from '../components/EqualTabs';
import { NewOrderDialog } from '../components/OrderDialogs';
import { ORDERS_LIST_SX, OrdersList } from '../components/OrdersList';
import { changedFilterCount, ordersQuery, type OrdersTab } from '../lib/filters';
import { flattenOrders } from '../lib/list-cache';
import { ORDER_TEXT } from '../lib/texts';

// The filters dialog (selects, checkboxes and their menus) loads when first opened.
const FiltersDialog = lazy(() => import('../components/FiltersDialog').then((m) => ({ default: m.FiltersDialog })));

/**
 * A tab's count badge: capped at 10000 ('10000+' beyond). It asks for its own count, so an
 * answer redraws the badge alone, not the page and its list (issue 17: the page's renders).
 */
function CountBadge({ tab, query }: { tab: OrdersTab; query: OrdersQuery }) {
  const count = useOrderCount(query).data;
  return (
    <Box
      component="span"
      data-testid={`orders-count-${tab}`}
      sx={{ ml: 1, minWidth: 24, px: 0.75, py: 0.125, borderRadius: 10, fontSize: '0.75rem', fontWeight: 700, lineHeight: 1.6, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}
    >
      {count === undefined ? (
        <>
          <span aria-hidden>…</span>
          <VisuallyHidden>count loading</VisuallyHidden>
        </>
      ) : (
        cappedCount(count)
      )}
    </Box>
  );
}

/** Below the app bar while the page scrolls (the toolbar's heights: 56, 48 in landscape, 64 from sm). */
const stickyTop = (theme: Theme) => ({
  top: 56,
  '@media (orientation: landscape)': { top: 48 },
  [theme.breakpoints.up('sm')]: { top: 64 },
});

/** Another list starts at its top. */
const toTop = () => window.scrollTo({ top: 0 });

/** 'New Order', floating at the bottom right; memoised, as the toolbar is. */
const NewOrderFab = memo(function NewOrderFab({ onClick }: { onClick: () => void }) {
  return (
    <Fab variant="extended" color="primary" onClick={onClick} sx={{ position: 'fixed', right: 16, bottom: 16, zIndex: 3 }}>
      <Add sx={{ mr: 1 }} />
      {ORDER_TEXT.newOrder}
    </Fab>
  );
});

/** How long typing must pause before the keyword is asked of the server. */
const KEYWORD_SETTLE_MS = 250;

interface OrdersToolbarProps {
  tab: OrdersTab;
  onTabChange: (tab: OrdersTab) => void;
  countQueries: Record<OrdersTab, OrdersQuery>;
  keyword: string;
  onKeywordChange: (keyword: string) => void;
  filterCount: number;
  onOpenFilters: () => void;
  onRefresh: () => void;
  refreshing: boolean;
}

/**
 * The tabs with their counts, the keyword, 'Filters' and Refresh, kept at the top while the
 * page scrolls. Memoised (its callbacks keep their identity): the list's answers redraw the
 * list, not the toolbar's dozens of components (issue 17: the page's renders).
 */
const OrdersToolbar = memo(function OrdersToolbar({ tab, onTabChange, countQueries, keyword, onKeywordChange, filterCount, onOpenFilters, onRefresh, refreshing }: OrdersToolbarProps) {
  return (
    <Paper
      variant="outlined"
      sx={(theme) => ({ position: 'sticky', zIndex: 2, mb: 1.5, ...stickyTop(theme), mx: { xs: -2, sm: 0 }, borderRadius: { xs: 0, sm: 1 }, borderLeft: { xs: 0, sm: 1 }, borderRight: { xs: 0, sm: 1 }, borderColor: { xs: 'divider', sm: 'divider' } })}
    >
      <EqualTabs
        label="Orders"
        value={tab}
        onChange={onTabChange}
        panelId="orders-panel"
        tabs={(['mine', 'all'] as const).map((t) => ({
          value: t,
          id: `orders-tab-${t}`,
          label: (
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center' }}>
              {t === 'mine' ? ORDER_TEXT.mine : ORDER_TEXT.all}
              <CountBadge tab={t} query={countQueries[t]} />
            </Box>
          ),
        }))}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 1, borderTop: 1, borderColor: 'divider' }}>
        {/* An outlined text field from its parts (what TextField renders, with the theme's TextField defaults: secondary colour, full width): TextField would bring its select support. */}
        <FormControl variant="outlined" color="secondary" fullWidth size="small" sx={{ flexGrow: 1, '& input[type=search]::-webkit-search-cancel-button': { display: 'none' } }}>
          <OutlinedInput
            id="orders-keyword"
            type="search"
            size="small"
            value={keyword}
            onChange={(event) => onKeywordChange(event.target.value)}
            placeholder="Keyword..."
            autoComplete="off"
            inputProps={{ 'aria-label': ORDER_TEXT.keyword, enterKeyHint: 'search' }}
            startAdornment={
              <InputAdornment position="start">
                <Search aria-hidden fontSize="small" />
              </InputAdornment>
            }
            endAdornment={
              keyword ? (
                <InputAdornment position="end">
                  <IconButton aria-label="Clear the keyword" onClick={() => onKeywordChange('')} edge="end" size="small">
                    <Clear fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined
            }
          />
        </FormControl>
        <Button
          onClick={onOpenFilters}
          startIcon={
            <FilterCountBadge count={filterCount} overlapCircle>
              <FilterList />
            </FilterCountBadge>
          }
          aria-label={filterCount > 0 ? `Filters (${filterCount} in use)` : 'Filters'}
          sx={{ flexShrink: 0 }}
        >
          Filters
        </Button>
        <DeferredTooltip title={ORDER_TEXT.refresh}>
          <IconButton aria-label={ORDER_TEXT.refresh} onClick={onRefresh} sx={{ flexShrink: 0 }}>
            <Refresh />
          </IconButton>
        </DeferredTooltip>
      </Box>
      {refreshing && <LinearProgress aria-label="Refreshing the orders" sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 2 }} />}
    </Paper>
  );
});

/**
 * /orders (spec part 1, 'Orders list'): the Mine and All tabs with count badges, Refresh,
 * 'Filters', a keyword, the work list (virtual, infinite scroll) and New Order.
 */
export default function OrdersPage() {
  usePageTitle(ORDER_TEXT.pageTitle);
  const { user } = useSession();
  const userId = user?.userId ?? 0;
  const preferences = usePreferences();
  // `mutate` keeps its identity from render to render.
  const saveOrdersPreference = useSavePreference().mutate;
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<OrdersTab>(preferences.defaultOrdersView);
  const [filters, setFilters] = useState<OrdersFilters>(preferences.ordersFilters);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [newOrderOpen, setNewOrderOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  // Asked of the server once typing pauses; clearing it shows the whole list at once.
  const searched = useSettledText(keyword.trim(), KEYWORD_SETTLE_MS);

  const query = useMemo(() => ordersQuery(tab, userId, filters, searched), [tab, userId, filters, searched]);
  const countQueries = useMemo(
    () => ({ mine: ordersQuery('mine', userId, filters, searched), all: ordersQuery('all', userId, filters, searched) }),
    [userId, filters, searched],
  );
  const list = useOrdersList(query);
  const rows = useMemo(() => flattenOrders(list.data), [list.data]);
  const shown = rows;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  const loadMore = useCallback(() => {
    // Never cancels a page already on its way (the last row can be reported more than once).
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // The statuses (the rows' red dots) asked for with the list rather than after it: otherwise
  // their answer comes later and redraws the rows that have a dot.
  useEffect(() => {
    void queryClient.prefetchQuery(orderStatusesQueryOptions());
  }, [queryClient]);

  // The toolbar's callbacks keep their identity, so the memoised toolbar is left alone when
  // only the list changes.
  const changeTab = useCallback(
    (next: OrdersTab) => {
      if (next === tab) return;
      toTop();
      setTab(next);
      saveOrdersPreference({ key: 'defaultOrdersView', update: next });
    },
    [tab, saveOrdersPreference],
  );

  const openFilters = useCallback(() => setFiltersOpen(true), []);

  const applyFilters = (next: OrdersFilters) => {
    setFiltersOpen(false);
    toTop();
    setFilters(next);
    saveOrdersPreference({ key: 'ordersFilters', update: next });
  };

  // Refresh clears the list and loads its first page again, and asks for the counts.
  const refresh = useCallback(() => {
    toTop();
    void queryClient.resetQueries({ queryKey: orderKeys.list(query), exact: true });
    void queryClient.invalidateQueries({ queryKey: orderKeys.counts });
  }, [queryClient, query]);

  const openNewOrder = useCallback(() => setNewOrderOpen(true), []);

  const filterCount = changedFilterCount(filters);
  const refreshing = list.isFetching && !list.isFetchingNextPage && !list.isPending;

  return (
    <PageContainer>
      <OrdersToolbar
        tab={tab}
        onTabChange={changeTab}
        countQueries={countQueries}
        keyword={keyword}
        onKeywordChange={setKeyword}
        filterCount={filterCount}
        onOpenFilters={openFilters}
        onRefresh={refresh}
        refreshing={refreshing}
      />

      {/* The list's styles on the panel, there from the first render (ORDERS_LIST_SX). */}
      <Box id="orders-panel" role="tabpanel" aria-labelledby={`orders-tab-${tab}`} aria-busy={list.isFetching} sx={ORDERS_LIST_SX}>
        <div role="status" aria-live="polite" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          {list.data ? (shown.length === 0 ? ORDER_TEXT.noOrdersFound : `${countOf(shown.length, 'order')} shown`) : ''}
        </div>
        {list.isPending ? (
          <Paper variant="outlined" aria-hidden>
            {[0, 1, 2].map((i) => (
              <Box key={i} sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
                <Skeleton width="70%" height={28} />
                <Skeleton width="50%" />
                <Skeleton width="60%" />
                <Skeleton width="40%" />
              </Box>
            ))}
          </Paper>
        ) : list.isError && !list.data ? (
          <Alert severity="error" action={<Button onClick={refresh}>Retry</Button>}>
            The orders could not be loaded. Please try again.
          </Alert>
        ) : shown.length === 0 ? (
          <Box sx={{ py: 6, textAlign: 'center' }}>
            <Typography color="textSecondary" data-testid="no-orders">
              {ORDER_TEXT.noOrdersFound}
            </Typography>
          </Box>
        ) : (
          <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
            <OrdersList orders={shown} onEndReached={loadMore} autoLoad label={tab === 'mine' ? 'My orders' : 'All orders'} />
          </Paper>
        )}
        {isFetchingNextPage && (
          <Box role="status" sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 1, py: 2 }}>
            <CircularProgress size={24} aria-hidden />
            <Typography variant="body2" color="textSecondary">
              Loading more orders…
            </Typography>
          </Box>
        )}
        {!hasNextPage && rows.length > 0 && (
          <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center', py: 2 }} data-testid="orders-end">
            {rows.length === 1 ? 'The only order is shown.' : `All ${rows.length} orders are shown.`}
          </Typography>
        )}
      </Box>

      <NewOrderFab onClick={openNewOrder} />
      <OnceOpened open={filtersOpen}>
        <FiltersDialog open={filtersOpen} filters={filters} onApply={applyFilters} onClose={() => setFiltersOpen(false)} />
      </OnceOpened>
      <NewOrderDialog open={newOrderOpen} onClose={() => setNewOrderOpen(false)} />
    </PageContainer>
  );
}
