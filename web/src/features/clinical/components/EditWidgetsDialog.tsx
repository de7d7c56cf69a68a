import {
  closestCenter,
  closestCorners,
  DndContext,
  getFirstCollision,
  pointerWithin,
  rectIntersection,
  useDroppable,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS as DND_CSS } from '@dnd-kit/utilities';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowForward from '@mui/icons-material/ArrowForward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/form/FormDialog';
import { useDiscardGuard } from '@/components/form/DiscardGuard';
import { useSortableSensors } from '@/components/sortable-sensors';
import { VisuallyHidden } from '@/components/VisuallyHidden';
import { useClinicalOptions } from '../api/get-clinical-options';
import { useSaveClinicalSummary } from '../api/save-clinical-summary';
import type { ClinicalWidget } from '../api/types';
import { COLUMN_NAMES, findWidget, fromColumns, moveAnnouncement, moveBy, moveToOtherColumn, moveWidget, setShown, toColumns, type ColumnIndex, type Columns } from '../lib/layout';
import { CLINICAL_TEXT } from '../lib/texts';

const COLUMN_IDS = ['column-0', 'column-1'] as const;
const columnOfId = (id: UniqueIdentifier): ColumnIndex | null => (id === COLUMN_IDS[0] ? 0 : id === COLUMN_IDS[1] ? 1 : null);

type MoveAction = 'up' | 'down' | 'column';

interface RowProps {
  widget: ClinicalWidget;
  column: ColumnIndex;
  first: boolean;
  last: boolean;
  onMove: (key: string, action: MoveAction) => void;
  onShow: (key: string, shown: boolean) => void;
}

/**
 * One widget in the dialog: a drag handle (touch: hold, then drag; mouse; keyboard: Space,
 * arrows, Space), its colour and title, 'Show {title}', and buttons that move it without
 * dragging (up, down, to the other column).
 */
const WidgetRow = memo(function WidgetRow({ widget, column, first, last, onMove, onShow }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: widget.key });
  const other = COLUMN_NAMES[column === 0 ? 1 : 0];
  const titleId = useId();
  return (
    <Box
      component="li"
      ref={setNodeRef}
      aria-labelledby={titleId}
      data-testid={`widget-row-${widget.key}`}
      data-key={widget.key}
      style={{ transform: DND_CSS.Translate.toString(transform), transition }}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 0.5,
        py: 0.5,
        pr: 0.5,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? 4 : undefined,
        opacity: widget.showInView ? 1 : 0.85,
      }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={CLINICAL_TEXT.dragHandle(widget.title)}
        data-move="drag"
        // The handle alone starts a drag, so a finger elsewhere on the row still scrolls the list.
        sx={{ touchAction: 'none', cursor: isDragging ? 'grabbing' : 'grab' }}
      >
        <DragIndicator />
      </IconButton>
      <Box aria-hidden sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: widget.color, flex: 'none', outline: '1px solid rgba(0,0,0,0.2)' }} />
      <Typography id={titleId} component="span" sx={{ flex: '1 1 7rem', minWidth: 0, px: 0.5, py: 1, color: widget.showInView ? 'text.primary' : 'text.secondary' }}>
        {widget.title}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', ml: 'auto', flex: 'none' }}>
        <Switch
          checked={widget.showInView}
          onChange={(e) => onShow(widget.key, e.target.checked)}
          slotProps={{ input: { 'aria-label': CLINICAL_TEXT.show(widget.title) } as object }}
          // 44px tall, so a finger finds it (MUI's is 38): the track stays centred on the thumb.
          sx={{ height: 44, padding: '15px 12px', '& .MuiSwitch-switchBase': { padding: '12px 9px' } }}
        />
        <IconButton aria-label={CLINICAL_TEXT.moveUp(widget.title)} data-move="up" disabled={first} onClick={() => onMove(widget.key, 'up')}>
          <ArrowUpward />
        </IconButton>
        <IconButton aria-label={CLINICAL_TEXT.moveDown(widget.title)} data-move="down" disabled={last} onClick={() => onMove(widget.key, 'down')}>
          <ArrowDownward />
        </IconButton>
        <IconButton aria-label={CLINICAL_TEXT.moveTo(widget.title, other)} data-move="column" onClick={() => onMove(widget.key, 'column')}>
          {column === 0 ? <ArrowForward /> : <ArrowBack />}
        </IconButton>
      </Stack>
    </Box>
  );
});

/** One column: its heading and its widgets, a drop target even when empty. */
function Column({ column, widgets, onMove, onShow }: { column: ColumnIndex; widgets: ClinicalWidget[]; onMove: RowProps['onMove']; onShow: RowProps['onShow'] }) {
  const { setNodeRef, isOver } = useDroppable({ id: COLUMN_IDS[column] });
  const headingId = useId();
  const ids = useMemo(() => widgets.map((w) => w.key), [widgets]);
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        {COLUMN_NAMES[column]}
      </Typography>
      <SortableContext id={COLUMN_IDS[column]} items={ids} strategy={verticalListSortingStrategy}>
        <Box
          component="ul"
          ref={setNodeRef}
          aria-labelledby={headingId}
          data-testid={`edit-column-${column}`}
          sx={{ listStyle: 'none', m: 0, p: 0, minHeight: 64, borderTop: 1, borderColor: 'divider', bgcolor: isOver && widgets.length === 0 ? 'action.hover' : undefined }}
        >
          {widgets.map((widget, index) => (
            <WidgetRow key={widget.key} widget={widget} column={column} first={index === 0} last={index === widgets.length - 1} onMove={onMove} onShow={onShow} />
          ))}
          {widgets.length === 0 && (
            <Typography component="li" color="textSecondary" sx={{ p: 2 }}>
              {CLINICAL_TEXT.emptyColumn}
            </Typography>
          )}
        </Box>
      </SortableContext>
    </Box>
  );
}

const titleOf = (columns: Columns, id: UniqueIdentifier) => {
  const at = findWidget(columns, String(id));
  return at ? columns[at.column][at.index]!.title : String(id);
};

/** Where a drag over `overId` puts the widget: a column (at its end) or another widget's place. */
function dropTarget(columns: Columns, overId: UniqueIdentifier): { column: ColumnIndex; index: number } | null {
  const column = columnOfId(overId);
  if (column !== null) return { column, index: columns[column].length };
  return findWidget(columns, String(overId));
}

/** The columns with drag and drop (touch, mouse, keyboard) and the move buttons. */
function Editor({ columns, onChange, announce }: { columns: Columns; onChange: (next: Columns) => void; announce: (text: string) => void }) {
  const sensors = useSortableSensors();
  const latest = useRef(columns);
  useEffect(() => {
    latest.current = columns;
  });
  const before = useRef<Columns | null>(null);
  const [pendingFocus, setPendingFocus] = useState<{ key: string; action: MoveAction } | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  // After a move button, focus stays on it (or, at an end, on its row's other move button).
  useEffect(() => {
    if (!pendingFocus || !listRef.current) return;
    const row = listRef.current.querySelector<HTMLElement>(`[data-key="${CSS.escape(pendingFocus.key)}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-move="${pendingFocus.action}"]:not(:disabled)`);
    const fallback = row?.querySelector<HTMLButtonElement>(`[data-move="${pendingFocus.action === 'up' ? 'down' : 'up'}"]:not(:disabled)`) ?? row?.querySelector<HTMLElement>('[data-move="drag"]');
    (wanted ?? fallback)?.focus();
    setPendingFocus(null);
  }, [pendingFocus, columns]);

  const onMove = useCallback(
    (key: string, action: MoveAction) => {
      const current = latest.current;
      const next = action === 'column' ? moveToOtherColumn(current, key) : moveBy(current, key, action === 'up' ? -1 : 1);
      if (next === current) return;
      onChange(next);
      announce(moveAnnouncement(next, key));
      setPendingFocus({ key, action });
    },
    [onChange, announce],
  );
  const onShow = useCallback((key: string, shown: boolean) => onChange(setShown(latest.current, key, shown)), [onChange]);

  // Pointer first (the column under the finger, then the nearest widget in it); keyboard by rectangles.
  const collisionDetection: CollisionDetection = useCallback((args) => {
    const within = args.pointerCoordinates ? pointerWithin(args) : [];
    const hits = within.length > 0 ? within : rectIntersection(args);
    let overId = getFirstCollision(hits, 'id');
    if (overId != null) {
      const column = columnOfId(overId);
      if (column !== null) {
        const keys = latest.current[column].map((w) => w.key);
        if (keys.length > 0) {
          const nearest = closestCenter({ ...args, droppableContainers: args.droppableContainers.filter((c) => keys.includes(String(c.id))) });
          overId = getFirstCollision(nearest, 'id') ?? overId;
        }
      }
      return [{ id: overId }];
    }
    return closestCorners(args);
  }, []);

  const onDragStart = ({ active }: DragStartEvent) => {
    before.current = latest.current;
    void active;
  };
  // Across columns while dragging, so the lists open a place where the widget would land.
  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    const current = latest.current;
    const from = findWidget(current, String(active.id));
    const to = dropTarget(current, over.id);
    if (!from || !to || from.column === to.column) return;
    const translated = active.rect.current.translated;
    const below = columnOfId(over.id) === null && translated && translated.top > over.rect.top + over.rect.height / 2;
    onChange(moveWidget(current, String(active.id), to.column, to.index + (below ? 1 : 0)));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    before.current = null;
    if (!over) return;
    const current = latest.current;
    const to = dropTarget(current, over.id);
    if (!to) return;
    onChange(moveWidget(current, String(active.id), to.column, columnOfId(over.id) === null ? to.index : current[to.column].length));
  };
  const onDragCancel = () => {
    if (before.current) onChange(before.current);
    before.current = null;
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const at = findWidget(latest.current, String(active.id));
      return at ? `Picked up ${titleOf(latest.current, active.id)}, in ${COLUMN_NAMES[at.column]}, position ${at.index + 1} of ${latest.current[at.column].length}.` : undefined;
    },
    onDragOver: ({ active, over }) => {
      if (!over) return `${titleOf(latest.current, active.id)} is no longer over a column.`;
      const to = dropTarget(latest.current, over.id);
      return to ? `${titleOf(latest.current, active.id)} is over ${COLUMN_NAMES[to.column]}, position ${to.index + 1}.` : undefined;
    },
    onDragEnd: ({ active, over }) => {
      if (!over) return `${titleOf(latest.current, active.id)} was dropped where it was.`;
      const to = dropTarget(latest.current, over.id);
      return to ? `${titleOf(latest.current, active.id)} was dropped in ${COLUMN_NAMES[to.column]}, position ${Math.min(to.index + 1, latest.current[to.column].length)}.` : undefined;
    },
    onDragCancel: ({ active }) => `Moving ${titleOf(latest.current, active.id)} was cancelled; it is back where it was.`,
  };
  const screenReaderInstructions = {
    draggable:
      'To move a widget, press Space or Enter to pick it up, use the arrow keys to move it within and between the columns, press Space or Enter again to drop it, or Escape to cancel. The Move buttons beside it do the same.',
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
      accessibility={{ announcements, screenReaderInstructions }}
      // Scrolls the list only near its very edges (a phone's list is short on screen).
      autoScroll={{ threshold: { x: 0, y: 0.1 } }}
    >
      <Box ref={listRef} sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, gap: { xs: 3, md: 2 } }}>
        <Column column={0} widgets={columns[0]} onMove={onMove} onShow={onShow} />
        <Column column={1} widgets={columns[1]} onMove={onMove} onShow={onShow} />
      </Box>
    </DndContext>
  );
}

/** Tells the dialog around it when the columns differ from the ones it was opened with ('Discard changes?'). */
function useGuardColumns(columns: Columns, opened: Columns) {
  const [control] = useState(() => ({}));
  useDiscardGuard({ control, getValues: () => fromColumns(columns), formState: { defaultValues: fromColumns(opened) } });
}

function Body({ formId, columns, opened, onChange, onApply }: { formId: string; columns: Columns; opened: Columns; onChange: (c: Columns) => void; onApply: () => void }) {
  useGuardColumns(columns, opened);
  const options = useClinicalOptions(true);
  const [announcement, setAnnouncement] = useState('');
  const announce = useCallback((text: string) => setAnnouncement(text), []);
  const reset = (list: ClinicalWidget[] | undefined, which: string) => {
    if (!list) return;
    onChange(toColumns(list));
    announce(CLINICAL_TEXT.resetDone(which));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  return (
    <Box component="form" id={formId} onSubmit={submit} noValidate>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Button variant="outlined" disabled={!options.data} onClick={() => reset(options.data?.default, 'Default')}>
          {CLINICAL_TEXT.resetToDefault}
        </Button>
        <Button variant="outlined" disabled={!options.data} onClick={() => reset(options.data?.desktop, 'My Desktop Settings')}>
          {CLINICAL_TEXT.resetToDesktop}
        </Button>
      </Stack>
      {options.error && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {CLINICAL_TEXT.optionsFailed}
        </Alert>
      )}
      <VisuallyHidden>
        <span role="status" aria-live="polite">
          {announcement}
        </span>
      </VisuallyHidden>
      <Editor columns={columns} onChange={onChange} announce={announce} />
    </Box>
  );
}

/**
 * 'Edit Clinical Widgets' (spec part 2): the user's widgets in 'First Column' and 'Second
 * Column', moved by dragging (touch, mouse, keyboard) or by each row's move buttons, each
 * shown or hidden; 'Reset to Default' and 'Reset to My Desktop Settings' load those lists
 * (nothing is saved until Apply); Apply saves the clinicalSummary preference and closes.
 * Cancel with changes asks 'Discard changes?'. Full screen on phones.
 */
export default function EditWidgetsDialog({ open, onClose, widgets }: { open: boolean; onClose: () => void; widgets: ClinicalWidget[] }) {
  const formId = useId();
  const { save, saving } = useSaveClinicalSummary();
  const [wasOpen, setWasOpen] = useState(false);
  const [opened, setOpened] = useState<Columns>(() => toColumns(widgets));
  const [columns, setColumns] = useState<Columns>(opened);
  const [failed, setFailed] = useState(false);
  // Each opening starts from the preference as it is then ("state from the previous render").
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      const start = toColumns(widgets);
      setOpened(start);
      setColumns(start);
      setFailed(false);
    }
  }
  const apply = () => {
    setFailed(false);
    save(fromColumns(columns)).then(onClose, () => setFailed(true));
  };
  return (
    <FormDialog open={open} onClose={onClose} title={CLINICAL_TEXT.editTitle} formId={formId} saving={saving} maxWidth="md" submitText={{ idle: CLINICAL_TEXT.apply, busy: CLINICAL_TEXT.applying }}>
      {failed && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {CLINICAL_TEXT.notSaved}
        </Alert>
      )}
      <Body formId={formId} columns={columns} opened={opened} onChange={setColumns} onApply={apply} />
    </FormDialog>
  );
}

