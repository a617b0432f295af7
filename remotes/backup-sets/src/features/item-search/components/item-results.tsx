import AttachFileIcon from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { BACKUP_SERVICE_LABELS, type ItemSummary } from '@portal/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { formatBytes, formatDateTime } from '@portal/ui';
import { useEffect, useRef } from 'react';

const ROW_HEIGHT = 56;

interface ItemResultsProps {
  total: number;
  /** Bumped when new rows arrived, so the visible rows render again. */
  version: number;
  row: (index: number) => ItemSummary | undefined;
  ensure: (start: number, end: number) => void;
  selected: ReadonlySet<string>;
  onToggle: (item: ItemSummary) => void;
  openId: string;
  onOpen: (item: ItemSummary) => void;
}

/** Only the rows in view are in the DOM, so the list stays smooth at 100,000 matches. */
export function ItemResults({ total, version, row, ensure, selected, onToggle, openId, onOpen }: ItemResultsProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: total, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const rows = virtualizer.getVirtualItems();
  const first = rows[0]?.index ?? 0;
  const last = rows[rows.length - 1]?.index ?? 0;
  useEffect(() => {
    if (total > 0) ensure(first, last);
  }, [first, last, total, ensure]);

  return (
    <Box ref={scrollRef} sx={{ height: 560, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }} tabIndex={0} aria-label="Search results, scrollable">
      <Box role="list" aria-label="Search results" aria-describedby="item-count" data-version={version} sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {rows.map((v) => {
          const item = row(v.index);
          return (
            <Box
              key={v.key}
              role="listitem"
              aria-setsize={total}
              aria-posinset={v.index + 1}
              sx={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: ROW_HEIGHT,
                transform: `translateY(${v.start}px)`,
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                px: 1,
                borderBottom: 1,
                borderColor: 'divider',
                bgcolor: item && item.id === openId ? 'action.selected' : undefined,
              }}
            >
              {item ? (
                <>
                  <Checkbox size="small" checked={selected.has(item.id)} onChange={() => onToggle(item)} slotProps={{ input: { 'aria-label': `Select ${item.name || '(no subject)'}` } }} />
                  <Box
                    component="button"
                    type="button"
                    onClick={() => onOpen(item)}
                    sx={{ all: 'unset', cursor: 'pointer', flex: 1, minWidth: 0, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' } }}
                    aria-label={`Preview ${item.name || '(no subject)'}`}
                  >
                    <Typography noWrap variant="body2" fontWeight={500}>
                      {item.name || '(no subject)'}
                      {item.hasAttachments ? <AttachFileIcon fontSize="inherit" sx={{ ml: 0.5, verticalAlign: 'middle' }} titleAccess="Has attachments" /> : null}
                    </Typography>
                    <Typography noWrap variant="caption" color="text.secondary" component="div">
                      {item.sender ? `${item.sender} · ` : ''}
                      {item.objectName} · {item.folderPath}
                    </Typography>
                  </Box>
                  <Chip size="small" label={BACKUP_SERVICE_LABELS[item.service]} />
                  {item.deleted ? <Chip size="small" color="warning" label="Deleted" /> : null}
                  <Typography variant="caption" sx={{ width: 80, textAlign: 'right' }}>
                    {formatBytes(item.sizeBytes)}
                  </Typography>
                  <Typography variant="caption" sx={{ width: 140 }} color="text.secondary">
                    {formatDateTime(item.modifiedAt)}
                  </Typography>
                </>
              ) : (
                <Skeleton width="100%" height={40} aria-hidden />
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
