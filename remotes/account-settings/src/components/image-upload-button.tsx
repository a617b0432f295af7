import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import type { ImageUploadRequest } from '@portal/contracts';
import { errorMessageOf } from '@portal/data';
import { ChangeAction } from '@portal/ui/kit';
import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { readImageFile } from '../lib/read-image-file';

export type ImageUploadButtonProps = {
  label: string;
  /** Uploads and commits the image; a refusal (an ApiError, say) is shown under the button. */
  onImage: (image: ImageUploadRequest) => Promise<unknown>;
  icon?: ReactNode;
  disabled?: boolean;
  /** Shared data (the white-label logo), closed to read-only users; one's own picture stays open. */
  readOnlyGuard?: boolean;
};

/** A file picker for PNG, JPEG or WebP up to 2 MB; problems are shown under the button. */
export function ImageUploadButton({ label, onImage, icon, disabled, readOnlyGuard }: ImageUploadButtonProps) {
  const inputId = useId();
  const helpId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    setBusy(true);
    try {
      const read = await readImageFile(file);
      if (read.ok) await onImage(read.image);
      else setProblem(read.errorMessage);
    } catch (error) {
      setProblem(errorMessageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const button = (
    <Button variant="outlined" startIcon={busy ? <CircularProgress size={16} aria-hidden /> : icon} disabled={disabled || busy} onClick={() => input.current?.click()}>
      {label}
    </Button>
  );

  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        hidden
        aria-describedby={helpId}
        data-testid={`${label.toLowerCase().replace(/\s+/g, '-')}-input`}
        onChange={onChange}
      />
      {readOnlyGuard ? <ChangeAction>{button}</ChangeAction> : button}
      <FormHelperText id={helpId} error={!!problem} role={problem ? 'alert' : undefined}>
        {problem ?? 'PNG, JPEG or WebP, at most 2 MB.'}
      </FormHelperText>
    </Stack>
  );
}
