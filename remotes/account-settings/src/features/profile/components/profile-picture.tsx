import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACCOUNT_SETTINGS_MESSAGES, type AccountProfile, type ImageUploadRequest } from '@portal/contracts';
import { commitProfileImage, uploadProfileImage } from '@portal/contracts/calls';
import { unwrap, useCallMutation } from '@portal/data';
import { profileStore, showAlert } from '@portal/ui';
import { ImageUploadButton } from '../../../components/image-upload-button';

export type ProfilePictureProps = { profile: AccountProfile; onSaved: (profile: AccountProfile) => void };

/** Spec section 4 "image": upload, then commit; the shared profile store updates the top bar at once. */
export function ProfilePicture({ profile, onSaved }: ProfilePictureProps) {
  const name = `${profile.firstName} ${profile.lastName}`.trim();

  // Upload, then commit; a refusal of either is shown under the upload button.
  const picture = useCallMutation(
    async (image: ImageUploadRequest) => commitProfileImage(profile.userId, { uploadId: unwrap(await uploadProfileImage(profile.userId, image)).uploadId }),
    {
      onSuccess: (saved) => {
        profileStore.getState().setProfile(saved);
        onSaved(saved);
        showAlert({ message: ACCOUNT_SETTINGS_MESSAGES.pictureSaved, type: 'success' });
      },
    },
  );
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Avatar src={profile.profileImageUrl ?? undefined} alt={name ? `Profile picture of ${name}` : 'Profile picture'} sx={{ width: 88, height: 88, fontSize: 32 }}>
        {profile.firstName?.[0]?.toUpperCase()}
      </Avatar>
      <Stack spacing={0.5}>
        <Typography variant="subtitle1" component="p">
          {name || profile.username}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {profile.role} · {profile.organisationName}
        </Typography>
        <ImageUploadButton label="Upload picture" onImage={picture.mutateAsync} />
      </Stack>
    </Stack>
  );
}
