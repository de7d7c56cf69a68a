import { closestCenter, DndContext, type Announcements, type DragEndEvent, type Modifier } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS as DND_CSS } from '@dnd-kit/utilities';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSortableSensors } from '@/components/sortable-sensors';
import { VisuallyHidden } from '@/components/VisuallyHidden';
import { moveItem, pointerAt, shortDescription, type OrderDiagnosis } from '../lib/order';
import { BILLING_TEXT } from '../lib/texts';

type MoveAction = 'up' | 'down';

/** A diagnosis moves up and down only. */
const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });

interface RowProps {
  diagnosis: OrderDiagnosis;
  index: number;
  last: boolean;
  inUse: boolean;
  onMove: (umlsId: string, action: MoveAction) => void;
  onRemove: (umlsId: string) => void;
}

/**
 * One diagnosis: a drag handle (touch: hold, then drag; mouse; keyboard: Space, arrows,
 * Space), its pointer, code and description cut at 40 characters, Move up / Move down, and
 * Remove (disabled while a charge uses it).
 */
const DiagnosisRow = memo(function DiagnosisRow({ diagnosis, index, last, inUse, onMove, onRemove }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: diagnosis.umlsId });
  const textId = useId();
  const inUseId = useId();
  const pointer = pointerAt(index);
  const short = shortDescription(diagnosis.diagnosis);
  return (
    <Box
      component="li"
      ref={setNodeRef}
      aria-labelledby={textId}
      data-testid="diagnosis-row"
      data-umls={diagnosis.umlsId}
      style={{ transform: DND_CSS.Translate.toString(transform), transition }}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        py: 0.5,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? 4 : undefined,
      }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={BILLING_TEXT.dragHandle(diagnosis.code)}
        data-move="drag"
        // The handle alone starts a drag, so a finger elsewhere on the row still scrolls the page.
        sx={{ touchAction: 'none', cursor: isDragging ? 'grabbing' : 'grab', flex: 'none' }}
      >
        <DragIndicator />
      </IconButton>
      <Box id={textId} sx={{ flex: '1 1 auto', minWidth: 0, py: 0.5 }}>
        <Typography component="span" sx={{ fontWeight: 700 }} data-testid="diagnosis-pointer">
          {pointer}
        </Typography>
        <Typography component="span" sx={{ fontWeight: 700 }}>
          {': '}
          {diagnosis.code}
        </Typography>
        <Typography component="span" variant="body2" sx={{ display: 'block', overflowWrap: 'anywhere' }} title={short === diagnosis.diagnosis ? undefined : diagnosis.diagnosis}>
          {short}
        </Typography>
        {inUse && (
          <Typography id={inUseId} component="span" variant="caption" color="textSecondary" sx={{ display: 'block' }}>
            {BILLING_TEXT.inUse}
          </Typography>
        )}
      </Box>
      <Stack direction="row" sx={{ flex: 'none' }}>
        <IconButton aria-label={BILLING_TEXT.moveUp(diagnosis.code)} data-move="up" disabled={index === 0} onClick={() => onMove(diagnosis.umlsId, 'up')}>
          <ArrowUpward />
        </IconButton>
        <IconButton aria-label={BILLING_TEXT.moveDown(diagnosis.code)} data-move="down" disabled={last} onClick={() => onMove(diagnosis.umlsId, 'down')}>
          <ArrowDownward />
        </IconButton>
        <Tooltip title={inUse ? BILLING_TEXT.inUse : ''}>
          {/* A disabled button gets no pointer events: the span carries the tooltip. */}
          <span>
            <IconButton aria-label={BILLING_TEXT.removeDiagnosis(diagnosis.code)} aria-describedby={inUse ? inUseId : undefined} disabled={inUse} onClick={() => onRemove(diagnosis.umlsId)}>
              <DeleteOutline />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Box>
  );
});

/**
 * The order's diagnoses in pointer order, reordered by dragging (touch, mouse, keyboard) or
 * by each row's Move buttons; the pointers follow the list (A for the first).
 */
export function DiagnosisList({
  diagnoses,
  usedIds,
  onChange,
  onRemove,
}: {
  diagnoses: readonly OrderDiagnosis[];
  usedIds: ReadonlySet<string>;
  onChange: (next: readonly OrderDiagnosis[]) => void;
  onRemove: (umlsId: string) => void;
}) {
  const sensors = useSortableSensors();
  const latest = useRef(diagnoses);
  useEffect(() => {
    latest.current = diagnoses;
  });
  const ids = useMemo(() => diagnoses.map((d) => d.umlsId), [diagnoses]);
  const [announcement, setAnnouncement] = useState('');
  const [pendingFocus, setPendingFocus] = useState<{ umlsId: string; action: MoveAction } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // dnd-kit's live region is fixed to the screen's top-left corner: it is kept in this
  // 1 px box instead (a transform makes the box hold fixed children), off the app bar.
  const [announcer, setAnnouncer] = useState<HTMLElement | null>(null);

  const placeOf = (umlsId: string, list = latest.current) => list.findIndex((d) => d.umlsId === umlsId);
  const codeOf = (umlsId: string) => latest.current.find((d) => d.umlsId === umlsId)?.code ?? umlsId;
  const placeText = (umlsId: string, list: readonly OrderDiagnosis[]) => {
    const at = placeOf(umlsId, list);
    return `${pointerAt(at)}, position ${at + 1} of ${list.length}`;
  };

  // After a move button, focus stays on it (or, at an end, on the row's other move button).
  useEffect(() => {
    if (!pendingFocus || !listRef.current) return;
    const row = listRef.current.querySelector<HTMLElement>(`[data-umls="${CSS.escape(pendingFocus.umlsId)}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-move="${pendingFocus.action}"]:not(:disabled)`);
    const fallback = row?.querySelector<HTMLButtonElement>(`[data-move="${pendingFocus.action === 'up' ? 'down' : 'up'}"]:not(:disabled)`) ?? row?.querySelector<HTMLElement>('[data-move="drag"]');
    (wanted ?? fallback)?.focus();
    setPendingFocus(null);
  }, [pendingFocus, diagnoses]);

  const onMove = useCallback(
    (umlsId: string, action: MoveAction) => {
      const current = latest.current;
      const from = current.findIndex((d) => d.umlsId === umlsId);
      const next = moveItem(current, from, from + (action === 'up' ? -1 : 1));
      if (next === current) return;
      onChange(next);
      const code = current[from]?.code ?? umlsId;
      const at = next.findIndex((d) => d.umlsId === umlsId);
      setAnnouncement(`${code} moved to ${pointerAt(at)}, position ${at + 1} of ${next.length}.`);
      setPendingFocus({ umlsId, action });
    },
    [onChange],
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const current = latest.current;
    const next = moveItem(current, placeOf(String(active.id)), placeOf(String(over.id)));
    if (next !== current) onChange(next);
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${codeOf(String(active.id))}, ${placeText(String(active.id), latest.current)}.`,
    onDragOver: ({ active, over }) => (over ? `${codeOf(String(active.id))} is over position ${placeOf(String(over.id)) + 1}.` : `${codeOf(String(active.id))} is no longer over the list.`),
    onDragEnd: ({ active, over }) => (over ? `${codeOf(String(active.id))} was dropped at position ${placeOf(String(over.id)) + 1}.` : `${codeOf(String(active.id))} was dropped where it was.`),
    onDragCancel: ({ active }) => `Moving ${codeOf(String(active.id))} was cancelled; it is back where it was.`,
  };
  const screenReaderInstructions = {
    draggable:
      'To move a diagnosis, press Space or Enter to pick it up, use the arrow keys to move it, press Space or Enter again to drop it, or Escape to cancel. The Move buttons beside it do the same. Pointers follow the order of the list.',
  };

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} modifiers={[restrictToVerticalAxis]} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions, ...(announcer ? { container: announcer } : {}) }} autoScroll={{ threshold: { x: 0, y: 0.1 } }}>
      <Box ref={setAnnouncer} sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', transform: 'translateZ(0)' }} />
      <VisuallyHidden>
        <span role="status" aria-live="polite">
          {announcement}
        </span>
      </VisuallyHidden>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Box component="ul" ref={listRef} aria-label={BILLING_TEXT.diagnosis} data-testid="diagnosis-list" sx={{ listStyle: 'none', m: 0, p: 0, borderTop: 1, borderColor: 'divider' }}>
          {diagnoses.map((d, index) => (
            <DiagnosisRow key={d.umlsId} diagnosis={d} index={index} last={index === diagnoses.length - 1} inUse={usedIds.has(d.umlsId)} onMove={onMove} onRemove={onRemove} />
          ))}
        </Box>
      </SortableContext>
    </DndContext>
  );
}
