import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PRESET_COLORS } from '@portal/config';
import {
  ACCOUNT_SETTINGS_MESSAGES,
  COPYRIGHT_MAX_LENGTH,
  whitelabelFormSchema,
  type ImageUploadRequest,
  type WhitelabelForm as WhitelabelFormValues,
  type WhitelabelResponse,
} from '@portal/contracts';
import { commitWhitelabelImage, updateWhitelabel, uploadWhitelabelImage } from '@portal/contracts/calls';
import { errorMessageOf, unwrap, useCallMutation } from '@portal/data';
import { applyWhiteLabel, presetPalettes, showAlert, toWhiteLabelView } from '@portal/ui';
import { FormTextField } from '@portal/ui/form';
import { ChangeAction } from '@portal/ui/kit';
import { useForm, useWatch } from 'react-hook-form';
import { ImageUploadButton } from '../../../components/image-upload-button';
import { WhitelabelPreview } from './whitelabel-preview';

// Same wording as the shell's footer default.
export const DEFAULT_COPYRIGHT = `© ${new Date().getFullYear()} Cloud Backup Portal`;

const PRESET_LABELS: Record<string, string> = {
  default: 'Default (blue)',
  theme1: 'Theme 1',
  theme2: 'Theme 2',
  theme3: 'Theme 3',
  theme4: 'Theme 4',
  theme5: 'Theme 5',
  theme6: 'Theme 6',
};

export const formValuesOf = (data: WhitelabelResponse): WhitelabelFormValues => ({
  copyrightText: data.own?.copyrightText ?? '',
  whiteLabelEmail: data.own?.whiteLabelEmail ?? '',
  whitelabelImageUrl: data.own?.whitelabelImageUrl ?? '',
  presetColor: data.own?.presetColor ?? 'default',
});

export type WhitelabelFormProps = { userId: string; data: WhitelabelResponse; onSaved: (data: WhitelabelResponse) => void };

export function WhitelabelForm({ userId, data, onSaved }: WhitelabelFormProps) {
  const { control, handleSubmit, formState, reset, setValue } = useForm<WhitelabelFormValues>({
    resolver: zodResolver(whitelabelFormSchema),
    mode: 'all',
    values: formValuesOf(data),
    // A new logo updates `data`; fields the user is still editing keep what they typed.
    resetOptions: { keepDirtyValues: true },
  });
  const [copyrightText, whitelabelImageUrl, presetColor] = useWatch({ control, name: ['copyrightText', 'whitelabelImageUrl', 'presetColor'] });
  // Empty fields fall back to what the organisation above provides (only its values, never ours).
  const inheritedFallback = data.own
    ? { logoUrl: null, copyrightText: DEFAULT_COPYRIGHT }
    : { logoUrl: data.whitelabelImageUrl, copyrightText: data.copyrightText ?? DEFAULT_COPYRIGHT };

  // The editor's own shell shows a change at once, as their users will see it.
  const show = (next: WhitelabelResponse, message: string) => {
    applyWhiteLabel(toWhiteLabelView(next));
    onSaved(next);
    showAlert({ message, type: 'success' });
  };

  const save = useCallMutation((values: WhitelabelFormValues) => updateWhitelabel(userId, values), {
    onSuccess: (next) => {
      show(next, ACCOUNT_SETTINGS_MESSAGES.whitelabelSaved);
      reset(formValuesOf(next));
    },
    onError: (error) => showAlert({ message: errorMessageOf(error), type: 'error' }),
  });
  const onSubmit = (values: WhitelabelFormValues) => save.mutateAsync(values).catch(() => undefined);

  // Upload, then commit; a refusal of either is shown under the upload button.
  const logo = useCallMutation(
    async (image: ImageUploadRequest) => commitWhitelabelImage(userId, { uploadId: unwrap(await uploadWhitelabelImage(userId, image)).uploadId }),
    {
      onSuccess: (next) => {
        show(next, ACCOUNT_SETTINGS_MESSAGES.logoSaved);
        // Keep unsaved edits of the other fields; only the logo changed on the server.
        setValue('whitelabelImageUrl', next.own?.whitelabelImageUrl ?? '', { shouldValidate: true });
      },
    },
  );

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Stack component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="White-label settings" spacing={2}>
          <FormTextField
            control={control}
            name="copyrightText"
            id="whitelabel-copyrightText"
            label="Copyright text"
            helperText={`${(copyrightText ?? '').length}/${COPYRIGHT_MAX_LENGTH} · shown as plain text in the footer`}
          />
          <FormTextField
            control={control}
            name="whiteLabelEmail"
            id="whitelabel-whiteLabelEmail"
            type="email"
            label="White-label e-mail"
            autoComplete="email"
            helperText="Sender and reply-to address of the e-mails your users receive."
          />
          <Stack spacing={1}>
            <Typography variant="subtitle2" component="h3">
              Logo
            </Typography>
            <ImageUploadButton label="Upload logo" onImage={logo.mutateAsync} readOnlyGuard />
            <FormTextField
              control={control}
              name="whitelabelImageUrl"
              id="whitelabel-whitelabelImageUrl"
              label="Logo URL"
              placeholder="https://…"
              helperText="An uploaded logo, or the https:// address of a PNG, JPEG or WebP image."
            />
          </Stack>
          <FormTextField control={control} name="presetColor" id="whitelabel-presetColor" select label="Primary colour" helperText=" ">
            {PRESET_COLORS.map((preset) => (
              <MenuItem key={preset} value={preset}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Box aria-hidden sx={{ width: 16, height: 16, borderRadius: '50%', bgcolor: presetPalettes[preset].light.primary.main }} />
                  <span>{PRESET_LABELS[preset]}</span>
                </Stack>
              </MenuItem>
            ))}
          </FormTextField>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => reset(formValuesOf(data))} disabled={!formState.isDirty || formState.isSubmitting}>
              Discard changes
            </Button>
            <ChangeAction>
              <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
                Save settings
              </Button>
            </ChangeAction>
          </Stack>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Stack spacing={1}>
          <Typography variant="subtitle2" component="h3">
            Live preview
          </Typography>
          <WhitelabelPreview
            logoUrl={whitelabelImageUrl ?? ''}
            copyrightText={copyrightText ?? ''}
            presetColor={presetColor ?? 'default'}
            fallback={inheritedFallback}
          />
          <Typography variant="caption" color="text.secondary">
            Applies to your organisation&apos;s users and to every user of the customers under it that has no branding of its own.
          </Typography>
        </Stack>
      </Grid>
    </Grid>
  );
}
